import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../shared/api";
import { projectCategories, projectCategoryLabels, projectStatusLabels } from "../../../shared/project-terms";
import type { PortfolioCandidate } from "../../../shared/projects";
import { pictureSources } from "../../../shared/responsive-images";
import { failureMessage } from "../../components/form/form-errors";
import { FormAlert, mutedTextClass, TextAreaField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { Pager } from "../../components/ui/Pager";
import { SearchForm } from "../../components/ui/SearchForm";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { formatDate } from "../../lib/format";
import { isProjectsQuery } from "../../lib/queries/projects";
import { useSiteData } from "../../lib/site-data";
import { toast } from "../../lib/toast";
import { sitePaths } from "../site";
import { portfolioCandidatesQuery, savePortfolioChoice } from "./api";

const SUMMARY_MAX = 600;

function CandidateForm({ project }: { project: PortfolioCandidate }) {
  const queryClient = useQueryClient();
  const siteData = useSiteData();
  const [shown, setShown] = useState(project.isPortfolio);
  const [summary, setSummary] = useState(project.publicSummary ?? "");
  const save = useMutation({
    mutationFn: () => savePortfolioChoice(project.id, { isPortfolio: shown, publicSummary: summary.trim() || null }),
    onSuccess: async () => {
      toast.success(shown ? `${project.title} is in the public portfolio.` : `${project.title} is not in the public portfolio.`);
      siteData.invalidate(sitePaths.portfolio);
      await queryClient.invalidateQueries({ predicate: isProjectsQuery });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const knownCategory = projectCategories.find((slug) => slug === project.category);
  const category = knownCategory ? projectCategoryLabels[knownCategory] : project.category;
  const summaryError = save.error instanceof ApiError ? save.error.fields.publicSummary : undefined;

  return (
    <li className="py-4">
      <form onSubmit={onSubmit} aria-label={project.title} className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          {project.coverImage ? (
            <img
              src={project.coverImage}
              {...pictureSources(project.coverImage, "160px")}
              alt=""
              width={160}
              height={107}
              className="aspect-[3/2] w-40 shrink-0 rounded-md object-cover"
            />
          ) : null}
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words">{project.title}</p>
            <p className={`text-sm ${mutedTextClass}`}>
              <span className="font-mono">{project.reference}</span> · {category} · {projectStatusLabels[project.status]} · {project.city}
            </p>
            <p className={`text-sm ${mutedTextClass}`}>
              {project.consentGivenAt
                ? `The client agreed on ${formatDate(project.consentGivenAt)}.`
                : "The company's own project: no client to ask."}
            </p>
            <label className="mt-2 flex min-h-10 items-center gap-2 font-medium">
              <input
                type="checkbox"
                className="size-5 accent-accent-700 dark:accent-accent-500"
                checked={shown}
                onChange={(event) => setShown(event.target.checked)}
              />
              Show on the public Projects page
            </label>
          </div>
        </div>
        <TextAreaField
          label="Public summary"
          optional={!shown}
          hint={`What visitors read about the project (up to ${SUMMARY_MAX} characters). Needed to show it.`}
          rows={3}
          maxLength={SUMMARY_MAX}
          error={summaryError}
          value={summary}
          onChange={(event) => setSummary(event.target.value)}
        />
        <FormAlert message={save.isError ? failureMessage(save.error) : null} />
        <div>
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </li>
  );
}

/** Which projects the public site shows, and what it says about each. */
export function PortfolioManager() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const candidates = useQuery({ ...portfolioCandidatesQuery(search, page), placeholderData: keepPreviousData });

  return (
    <div className="flex flex-col gap-4">
      <SearchForm
        label="Search title, reference or city"
        initial=""
        onSearch={(text) => {
          // The same search again asks again: a client may have agreed since.
          if (text === search && page === 1) void candidates.refetch();
          setSearch(text);
          setPage(1);
        }}
      />
      {candidates.isPending ? <LoadingMessage>Loading projects...</LoadingMessage> : null}
      {candidates.isError ? <ErrorMessage error={candidates.error} onRetry={() => void candidates.refetch()} /> : null}
      {candidates.data && candidates.data.items.length === 0 ? (
        <EmptyMessage title={search ? `No project matches "${search}".` : "No project can be shown yet."}>
          {search
            ? null
            : "Projects under way or completed can be added to the public portfolio: the company's own at once, a client's once the client agrees on their project page."}
        </EmptyMessage>
      ) : null}
      {candidates.data && candidates.data.items.length > 0 ? (
        <>
          <ul aria-label="Projects" aria-busy={candidates.isFetching} className="divide-y divide-neutral-light dark:divide-brand-700">
            {candidates.data.items.map((project) => (
              <CandidateForm key={`${project.id}:${project.isPortfolio}:${project.publicSummary ?? ""}`} project={project} />
            ))}
          </ul>
          <Pager label="Pages of projects" page={page} pageCount={candidates.data.pageCount} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}
