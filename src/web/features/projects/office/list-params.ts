import { type ProjectCategory, type ProjectStatus, projectCategories, projectStatuses } from "../../../../shared/project-terms";
import { projectListQuerySchema } from "../../../../shared/projects";
import type { ProjectListParams } from "../../../lib/queries/projects";

export const OFFICE_PAGE_SIZE = 20;

const pick = <T extends string>(value: string | null, allowed: readonly T[]) => allowed.find((item) => item === value);

type Sort = NonNullable<ProjectListParams["sort"]>;
const isSort = (value: string | null): value is Sort => value !== null && projectListQuerySchema.shape.sort.safeParse(value).success;

/** The office list's filters, read from the address (?search=&status=&category=&sort=&page=); unknown values are ignored. */
export function listParamsOf(params: URLSearchParams): ProjectListParams & { status?: ProjectStatus; category?: ProjectCategory } {
  const sort = params.get("sort");
  return {
    search: params.get("search")?.trim() || undefined,
    status: pick(params.get("status"), projectStatuses),
    category: pick(params.get("category"), projectCategories),
    sort: isSort(sort) ? sort : "-updated",
    page: Math.max(1, Math.floor(Number(params.get("page"))) || 1),
    pageSize: OFFICE_PAGE_SIZE,
  };
}

export const sortLabels: Record<Sort, string> = {
  "-updated": "Recently updated",
  updated: "Least recently updated",
  "-created": "Newest first",
  created: "Oldest first",
  title: "Title, A to Z",
  "-title": "Title, Z to A",
  reference: "Reference, ascending",
  "-reference": "Reference, descending",
  target: "Target completion, soonest",
  "-target": "Target completion, latest",
  "-progress": "Most progress",
  progress: "Least progress",
};
