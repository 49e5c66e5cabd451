import type { QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { InquiryItem, InquiryPage, InquiryStats, InquiryUpdate, inquiryListQuerySchema } from "../../../shared/inquiries";
import { apiRequest } from "../../lib/http/client";
import { projectsListQuery } from "../../lib/queries/projects";
import { pathStartsWith, privateQuery } from "../../lib/query/api-query";

export type InquiryFilters = z.output<typeof inquiryListQuerySchema>;

export const inquiriesQuery = (query: InquiryFilters) =>
  privateQuery<InquiryPage>(["/inquiries", { status: query.status, assignee: query.assignee, search: query.search, page: query.page }]);

export const inquiryQuery = (id: number) => privateQuery<InquiryItem>([`/inquiries/${id}`]);

export const inquiryStatsQuery = privateQuery<InquiryStats>(["/inquiries/stats"]);

export const updateInquiry = (id: number, changes: InquiryUpdate) => apiRequest<InquiryItem>("PUT", `/inquiries/${id}`, changes);

/** Every list, count and detail of inquiries is stale after a change. */
export const refreshInquiries = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: pathStartsWith("/inquiries") });

/** Projects found by title, reference or city, to link the one an inquiry became. */
export const projectSearchQuery = (search: string) => projectsListQuery({ search, pageSize: 8 });
