import { eq, like, or, sql } from "drizzle-orm";
import type { AppDb } from "../../db/client.js";
import { projects } from "../../db/schema.js";

/** The next free reference of the year, like CB-2026-0123 (CB-<year>-<number of that year>). */
export async function nextReference(db: AppDb, year: string): Promise<string> {
  const prefix = `CB-${year}-`;
  const [row] = await db
    .select({ last: sql<number | null>`max(substring(${projects.reference} from '^CB-[0-9]{4}-([0-9]+)$')::int)` })
    .from(projects)
    .where(like(projects.reference, `${prefix}%`));
  return `${prefix}${String((row?.last ?? 0) + 1).padStart(4, "0")}`;
}

export const slugify = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "") || "project";

/** The title's slug, or the same with -2, -3... when another project has it. */
export async function uniqueSlug(db: AppDb, title: string): Promise<string> {
  const base = slugify(title);
  const rows = await db
    .select({ slug: projects.slug })
    .from(projects)
    .where(or(eq(projects.slug, base), like(projects.slug, `${base}-%`)));
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
