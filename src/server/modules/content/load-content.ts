import { sql } from "drizzle-orm";
import type { AppDb } from "../../db/client.js";
import { holdStartUpLock } from "../../db/migrate.js";
import { blogPosts, projects, services, siteContent } from "../../db/schema.js";
import { renderMarkdown } from "../../platform/markdown.js";
import { readContentFiles } from "./content-files.js";

/**
 * Loads the public site's starting content from the data files, once: when the database has
 * no services yet. Later edits made through the portal are never overwritten.
 */
export async function loadContentIfEmpty(db: AppDb, contentDir: string): Promise<boolean> {
  const isEmpty = async (reader: Pick<AppDb, "select">) => {
    const [{ count } = { count: 0 }] = await reader.select({ count: sql<number>`count(*)::int` }).from(services);
    return count === 0;
  };
  if (!(await isEmpty(db))) return false;
  const files = await readContentFiles(contentDir);
  return db.transaction(async (tx) => {
    // Instances starting together on an empty database: the first loads the content, the others then find it.
    await holdStartUpLock(tx);
    if (!(await isEmpty(tx))) return false;
    await tx.insert(siteContent).values([
      { key: "company", value: files.company },
      { key: "about", value: files.about },
    ]);
    await tx.insert(services).values(files.services.map((service, position) => ({ ...service, position })));
    if (files.portfolio.length > 0) {
      await tx.insert(projects).values(files.portfolio.map((project) => ({ ...project, state: project.state ?? null, isPortfolio: true })));
    }
    if (files.posts.length > 0) {
      await tx.insert(blogPosts).values(
        files.posts.map((post) => ({
          slug: post.slug,
          category: post.category,
          title: post.title,
          excerpt: post.excerpt,
          bodyMarkdown: post.body,
          bodyHtml: renderMarkdown(post.body),
          authorName: post.author,
          coverImage: post.coverImage,
          keywords: post.keywords
            .split(",")
            .map((keyword) => keyword.trim())
            .filter(Boolean),
          status: "published" as const,
          publishedAt: new Date(`${post.publishedAt}T09:00:00Z`),
          updatedAt: new Date(`${post.publishedAt}T09:00:00Z`),
        })),
      );
    }
    return true;
  });
}
