// The server's sanitised HTML of a text written in Markdown (chat profile: emphasis, lists, quotes, code, links),
// styled here to read as the text around it.
const bodyClass =
  "[overflow-wrap:anywhere] [&_a]:font-semibold [&_a]:text-accent-700 [&_a]:underline dark:[&_a]:text-accent-500 [&_blockquote]:border-l-4 [&_blockquote]:border-accent-500 [&_blockquote]:pl-3 [&_code]:font-mono [&_code]:text-sm [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_pre]:whitespace-pre-wrap [&_ul]:list-disc [&_ul]:pl-5";

/** Shows HTML the server rendered from Markdown and sanitised when it was written (never HTML from the browser). */
export function RenderedMarkdown({ html }: { html: string }) {
  // html only from the server, which renders the Markdown and sanitises it.
  return <div className={bodyClass} dangerouslySetInnerHTML={{ __html: html }} />;
}
