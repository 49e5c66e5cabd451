import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { failureMessage } from "../../components/form/form-errors";
import { mutedTextClass } from "../../components/form/form-fields";
import { PRIVATE_QUERY_META } from "../../lib/query/api-query";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { blogAdminApi } from "./api";

const PREVIEW_DELAY_MS = 400;

/** The post as readers will see it, rendered and sanitised by the server a moment after typing stops. */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  const settled = useDebouncedValue(markdown, PREVIEW_DELAY_MS);
  const preview = useQuery({
    queryKey: ["/blog/preview", { bodyMarkdown: settled }],
    queryFn: () => blogAdminApi.preview(settled),
    enabled: settled.trim().length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 30_000,
    meta: PRIVATE_QUERY_META,
  });

  if (settled.trim().length === 0) return <p className={mutedTextClass}>The preview appears here as you write.</p>;
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className={`min-h-6 text-sm ${mutedTextClass}`}>
        {preview.isFetching ? "Updating the preview..." : ""}
      </p>
      {preview.isError ? (
        <p className="text-red-700 dark:text-red-300">{failureMessage(preview.error)}</p>
      ) : (
        // The server sanitises this HTML exactly as on the public post page.
        <div className="prose-content" dangerouslySetInnerHTML={{ __html: preview.data?.html ?? "" }} />
      )}
    </div>
  );
}
