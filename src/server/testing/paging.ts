import { expect } from "vitest";
import { projects } from "../db/schema.js";
import type { accountsClient } from "./accounts.js";
import { testDatabase } from "./test-app.js";

type Call = ReturnType<typeof accountsClient>["call"];

/**
 * For a list holding exactly pageSize + 1 items: the server counts two pages, a full first one and a second with the
 * last item, and says so on both (`pageCount`), so the browser never works it out.
 */
export async function expectTwoPages(call: Call, path: string, pageSize: number, headers: Record<string, string> = {}) {
  const separator = path.includes("?") ? "&" : "?";
  const pages = [];
  for (const page of [1, 2]) {
    const answer = await call(`${path}${separator}page=${page}`, undefined, headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ total: pageSize + 1, page, pageSize, pageCount: 2 });
    expect(answer.body.data.items).toHaveLength(page === 1 ? pageSize : 1);
    pages.push(answer.body.data);
  }
  return pages;
}

/** Stores `count` residential projects in Abuja straight in the database, titled `${title} 1`, `${title} 2`…, for the lists. */
export async function storeProjects(count: number, title: string, fields: Partial<typeof projects.$inferInsert> = {}) {
  const slug = title.toLowerCase().replace(/\W+/g, "-");
  await (await testDatabase()).db.insert(projects).values(
    Array.from({ length: count }, (_, index) => ({
      slug: `${slug}-${index + 1}`,
      reference: `CB-PAGE-${slug}-${index + 1}`,
      title: `${title} ${index + 1}`,
      category: "residential" as const,
      description: "A project stored for a list's pages.",
      city: "Abuja",
      country: "NG",
      status: "in_progress" as const,
      ...fields,
    })),
  );
}
