import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { BankAccount } from "../../../shared/billing.js";
import { type BlogCategorySlug, blogCategories } from "../../../shared/content.js";
import { projectCategories } from "../../../shared/project-terms.js";

/** Schemas of the data files under content/: a file that does not match stops the start with its name. */
const text = z.string().trim().min(1);
const imagePath = z.string().regex(/^\/images\/[a-z0-9/_-]+\.(svg|webp|png|jpg)$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const bankAccountSchema: z.ZodType<BankAccount> = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  bank: text,
  accountName: text,
  accountNumber: z.string().regex(/^[0-9 ]{6,34}$/),
  swift: z
    .string()
    .regex(/^[A-Z0-9]{8,11}$/)
    .optional(),
});

const companySchema = z.object({
  name: text,
  shortName: text,
  tagline: text,
  description: text,
  keywords: z.array(text),
  foundingYear: z.number().int(),
  experienceLabel: text,
  rating: z.object({ value: z.number(), count: z.number().int() }),
  phone: text,
  /** The number that answers WhatsApp, in international form: /contact's 'Chat with us on WhatsApp'. */
  whatsapp: z
    .string()
    .regex(/^\+[\d ]{8,20}$/)
    .optional(),
  email: z.email(),
  enquiriesEmail: z.email(),
  address: z.object({ street: text, locality: text, region: text, postalCode: text, country: text, countryName: text }),
  geo: z.object({ latitude: z.number(), longitude: z.number() }),
  openingHours: z.array(z.object({ days: text, hours: text, schema: text })),
  socials: z.record(z.string(), z.url()),
  areaServed: z.array(text),
  hero: z.object({ heading: text, subheading: text }),
  /** Where clients pay by transfer, printed on invoices only (never on the public pages). */
  bankAccounts: z.array(bankAccountSchema).optional(),
});

const aboutSchema = z.object({
  heading: text,
  intro: text,
  mission: text,
  vision: text,
  history: z.array(z.object({ year: z.number().int(), title: text, text })).min(1),
  values: z.array(z.object({ title: text, text })).min(1),
  leadership: z.array(z.object({ name: text, role: text, bio: text, image: imagePath })).min(1),
  certifications: z.array(z.object({ name: text, issuer: text, detail: text })).min(1),
});

const serviceSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  name: text,
  summary: text,
  description: text,
  offerings: z.array(text),
  keywords: z.array(text),
  image: imagePath,
});

const portfolioSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  reference: text,
  title: text,
  category: z.enum(projectCategories),
  status: z.enum(["completed", "in_progress"]),
  progress: z.number().int().min(0).max(100),
  publicSummary: text,
  description: text,
  city: text,
  state: text.nullable().optional(),
  country: text,
  startDate: isoDate.nullable(),
  completedOn: isoDate.nullable(),
  coverImage: imagePath,
  highlights: z.array(text),
});

const blogCategorySlugs = blogCategories.map((category) => category.slug) as [BlogCategorySlug, ...BlogCategorySlug[]];
const blogFrontMatterSchema = z.object({
  title: text,
  category: z.enum(blogCategorySlugs),
  excerpt: text,
  author: text,
  publishedAt: isoDate,
  keywords: text,
  coverImage: imagePath,
});

export type ContentFiles = {
  company: z.infer<typeof companySchema>;
  about: z.infer<typeof aboutSchema>;
  services: z.infer<typeof serviceSchema>[];
  portfolio: z.infer<typeof portfolioSchema>[];
  posts: (z.infer<typeof blogFrontMatterSchema> & { slug: string; body: string })[];
};

async function readJson<S extends z.ZodType>(dir: string, name: string, schema: S): Promise<z.output<S>> {
  const file = path.join(dir, name);
  const result = schema.safeParse(JSON.parse(await readFile(file, "utf8")));
  if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** Splits "---\nkey: value\n---\nbody" into its front matter fields and the Markdown body. */
export function parseFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error("missing front matter block");
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    const separator = line.indexOf(":");
    if (separator > 0) fields[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return { fields, body: (match[2] ?? "").trim() };
}

async function readPosts(dir: string): Promise<ContentFiles["posts"]> {
  const blogDir = path.join(dir, "blog");
  const names = (await readdir(blogDir)).filter((name) => name.endsWith(".md")).sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(blogDir, name);
      const { fields, body } = parseFrontMatter(await readFile(file, "utf8"));
      const result = blogFrontMatterSchema.safeParse(fields);
      if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
      return { ...result.data, slug: name.replace(/\.md$/, ""), body };
    }),
  );
}

/** Reads and validates every content file. */
export async function readContentFiles(dir: string): Promise<ContentFiles> {
  const [company, about, services, portfolio, posts] = await Promise.all([
    readJson(dir, "company.json", companySchema),
    readJson(dir, "about.json", aboutSchema),
    readJson(dir, "services.json", z.array(serviceSchema).min(1)),
    readJson(dir, "portfolio.json", z.array(portfolioSchema)),
    readPosts(dir),
  ]);
  const serviceSlugs = new Set(services.map((service) => service.slug));
  for (const project of portfolio) {
    if (!serviceSlugs.has(project.category)) throw new Error(`portfolio.json: ${project.slug} has unknown category ${project.category}`);
  }
  return { company, about, services, portfolio, posts };
}
