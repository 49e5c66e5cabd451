/**
 * The one paging contract of every numbered list the API serves (the public portfolio and blog, projects,
 * inquiries, managed posts, accounts): the server counts the pages, the browser only shows them.
 */
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number; pageCount: number };

/** A page of a list that can be filtered by status, with how many items each status holds. */
export type CountedPage<T, Status extends string> = Page<T> & { counts: Record<Status, number> };
