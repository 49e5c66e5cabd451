import { and, asc, count, countDistinct, desc, eq, sql } from "drizzle-orm";
import type { BankAccount, BillingDetails } from "../../../shared/billing.js";
import {
  type About,
  BLOG_PAGE_SIZE,
  type BlogCategorySlug,
  type BlogPost,
  type BlogPostSummary,
  type Company,
  type HomeContent,
  isBlogCategory,
  PORTFOLIO_PAGE_SIZE,
  type PortfolioProject,
  type Service,
} from "../../../shared/content.js";
import { legalPages } from "../../../shared/legal.js";
import type { Page } from "../../../shared/paging.js";
import { isProjectCategory } from "../../../shared/project-terms.js";
import type { AppDb } from "../../db/client.js";
import { offsetOf, pageOf } from "../../db/paging.js";
import { onPublicSite } from "../../db/public-projects.js";
import { blogPosts, projects, services, siteContent } from "../../db/schema.js";
import { ApiError } from "../../platform/envelope.js";
import { renderMarkdown, renderOrEscape } from "../../platform/markdown.js";
import { readSiteSettings } from "../../platform/site-settings.js";

const WORDS_PER_MINUTE = 200;

const notFound = (what: string) => new ApiError(404, `${what} was not found.`, "not_found");

/** A public listing's page past the last one does not exist (404), as a page of the site would not. */
const pageNotFound = () => notFound("Page");

const portfolioColumns = {
  slug: projects.slug,
  reference: projects.reference,
  title: projects.title,
  category: projects.category,
  status: projects.status,
  progress: projects.progress,
  // The description is the project team's own text: the public sees the summary written for it.
  publicSummary: sql<string>`coalesce(${projects.publicSummary}, '')`,
  city: projects.city,
  state: projects.state,
  country: projects.country,
  startDate: projects.startDate,
  completedOn: projects.completedOn,
  coverImage: projects.coverImage,
  highlights: projects.highlights,
};

const postSummaryColumns = {
  slug: blogPosts.slug,
  category: blogPosts.category,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  authorName: blogPosts.authorName,
  coverImage: blogPosts.coverImage,
  publishedAt: blogPosts.publishedAt,
  wordCount: blogPosts.wordCount,
};

type PostSummaryRow = {
  slug: string;
  category: BlogCategorySlug;
  title: string;
  excerpt: string;
  authorName: string;
  coverImage: string | null;
  publishedAt: Date | null;
  wordCount: number;
};

function toPostSummary(row: PostSummaryRow): BlogPostSummary {
  return {
    slug: row.slug,
    category: row.category,
    title: row.title,
    excerpt: row.excerpt,
    authorName: row.authorName,
    coverImage: row.coverImage,
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    readingMinutes: Math.max(1, Math.round(Number(row.wordCount) / WORDS_PER_MINUTE)),
  };
}

function toService(row: typeof services.$inferSelect): Service {
  return {
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    descriptionHtml: renderMarkdown(row.description),
    offerings: row.offerings,
    keywords: row.keywords,
    image: row.image,
  };
}

const isPublished = eq(blogPosts.status, "published");

/** Reads of the public site's content. */
export function createContentService(db: AppDb) {
  async function siteDocument<T>(key: string): Promise<T> {
    const [row] = await db.select({ value: siteContent.value }).from(siteContent).where(eq(siteContent.key, key));
    if (!row) throw notFound("Site content");
    return row.value as T;
  }

  async function listServices(): Promise<Service[]> {
    const rows = await db.select().from(services).orderBy(asc(services.position), asc(services.id));
    return rows.map(toService);
  }

  async function getService(slug: string): Promise<Service> {
    const [row] = await db.select().from(services).where(eq(services.slug, slug));
    if (!row) throw notFound("Service category");
    return toService(row);
  }

  async function requireServiceCategory(slug: string) {
    const [row] = await db.select({ id: services.id }).from(services).where(eq(services.slug, slug));
    if (!row) throw notFound("Service category");
  }

  async function listPortfolio(options: { category?: string; page: number }): Promise<Page<PortfolioProject>> {
    if (options.category) await requireServiceCategory(options.category);
    const { category } = options;
    // A service that is no project category has no projects: an empty page, as before categories were typed.
    const inCategory = category === undefined ? undefined : isProjectCategory(category) ? eq(projects.category, category) : sql`false`;
    const where = and(onPublicSite, inCategory);
    const request = { page: options.page, pageSize: PORTFOLIO_PAGE_SIZE };
    const [items, [totals]] = await Promise.all([
      db
        .select(portfolioColumns)
        .from(projects)
        .where(where)
        .orderBy(sql`${projects.completedOn} desc nulls first`, desc(projects.startDate), asc(projects.id))
        .limit(PORTFOLIO_PAGE_SIZE)
        .offset(offsetOf(request)),
      db.select({ total: count() }).from(projects).where(where),
    ]);
    return pageOf(items, totals?.total ?? 0, request, pageNotFound);
  }

  /** A portfolio project's case study (/projects/{slug}): 404 for any project the public site does not show. */
  async function getPortfolioProject(slug: string): Promise<PortfolioProject> {
    const [row] = await db
      .select(portfolioColumns)
      .from(projects)
      .where(and(onPublicSite, eq(projects.slug, slug)));
    if (!row) throw notFound("Project");
    return row;
  }

  async function listPosts(options: { category?: string; page: number; pageSize?: number }): Promise<Page<BlogPostSummary>> {
    const category = options.category || undefined;
    if (category !== undefined && !isBlogCategory(category)) throw notFound("Blog category");
    const request = { page: options.page, pageSize: options.pageSize ?? BLOG_PAGE_SIZE };
    const where = and(isPublished, category === undefined ? undefined : eq(blogPosts.category, category));
    const [rows, [totals]] = await Promise.all([
      db
        .select(postSummaryColumns)
        .from(blogPosts)
        .where(where)
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
        .limit(request.pageSize)
        .offset(offsetOf(request)),
      db.select({ total: count() }).from(blogPosts).where(where),
    ]);
    return pageOf(rows.map(toPostSummary), totals?.total ?? 0, request, pageNotFound);
  }

  async function getPost(slug: string): Promise<BlogPost> {
    const [row] = await db
      .select({
        ...postSummaryColumns,
        bodyMarkdown: blogPosts.bodyMarkdown,
        bodyHtml: blogPosts.bodyHtml,
        keywords: blogPosts.keywords,
        updatedAt: blogPosts.updatedAt,
      })
      .from(blogPosts)
      .where(and(isPublished, eq(blogPosts.slug, slug)));
    if (!row) throw notFound("Blog post");
    return {
      ...toPostSummary(row),
      // Rendered when written; a post stored before that is rendered now, or shown as text if it cannot be.
      bodyHtml: row.bodyHtml ?? renderOrEscape(renderMarkdown, row.bodyMarkdown),
      keywords: row.keywords,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The company as content/ describes it, with what an admin set in /admin: contact details, banner, registration closed (read on every request). */
  async function getCompany(): Promise<Company> {
    // The bank accounts are printed on invoices only, never shown on the public pages.
    const [{ bankAccounts: _invoicesOnly, ...company }, stored] = await Promise.all([
      siteDocument<Company & { bankAccounts?: BankAccount[] }>("company"),
      readSiteSettings(db),
    ]);
    const banner = {
      ...(stored.maintenanceBanner ? { maintenanceBanner: stored.maintenanceBanner } : {}),
      ...(stored.registrationOpen ? {} : { registrationClosed: true }),
    };
    if (!stored.contact) return { ...company, ...banner };
    const { phone, email, enquiriesEmail, street, locality, region, postalCode } = stored.contact;
    return { ...company, ...banner, phone, email, enquiriesEmail, address: { ...company.address, street, locality, region, postalCode } };
  }

  /** The company as its invoices and receipts name it: contact details as the public pages show them, and its bank accounts. */
  async function getBillingDetails(): Promise<BillingDetails> {
    const [company, stored] = await Promise.all([siteDocument<{ bankAccounts?: BankAccount[] }>("company"), getCompany()]);
    const { name, phone, email, address } = stored;
    const lines = [address.street, `${address.locality}, ${address.region} ${address.postalCode}`, address.countryName];
    return { name, phone, email, address: lines, bankAccounts: company.bankAccounts ?? [] };
  }

  async function getHome(): Promise<HomeContent> {
    const [company, serviceRows, featured, latest, [portfolioTotals]] = await Promise.all([
      siteDocument<Company>("company"),
      db
        .select({ slug: services.slug, name: services.name, summary: services.summary, image: services.image })
        .from(services)
        .orderBy(asc(services.position), asc(services.id)),
      listPortfolio({ page: 1 }),
      listPosts({ page: 1, pageSize: 3 }),
      db
        .select({ projects: count(), countries: countDistinct(projects.country) })
        .from(projects)
        .where(onPublicSite),
    ]);
    return {
      services: serviceRows,
      featuredProjects: featured.items.slice(0, 3),
      latestPosts: latest.items,
      stats: {
        yearsInBusiness: new Date().getFullYear() - company.foundingYear,
        portfolioProjects: portfolioTotals?.projects ?? 0,
        countries: portfolioTotals?.countries ?? 0,
      },
    };
  }

  /** Every public URL with its last change, for the sitemap. */
  async function sitemapEntries(): Promise<{ path: string; lastModified: Date }[]> {
    const [serviceRows, postRows, projectRows, [siteTotals]] = await Promise.all([
      db.select({ slug: services.slug, updatedAt: services.updatedAt }).from(services),
      db.select({ slug: blogPosts.slug, category: blogPosts.category, updatedAt: blogPosts.updatedAt }).from(blogPosts).where(isPublished),
      db.select({ slug: projects.slug, updatedAt: projects.updatedAt }).from(projects).where(onPublicSite).orderBy(asc(projects.id)),
      db.select({ latest: sql<Date | null>`max(${siteContent.updatedAt})` }).from(siteContent),
    ]);
    const newest = (...dates: (Date | string | null | undefined)[]) =>
      new Date(Math.max(0, ...dates.filter((date) => date != null).map((date) => new Date(date).getTime())));
    const siteUpdated = newest(siteTotals?.latest);
    const servicesUpdated = newest(...serviceRows.map((row) => row.updatedAt));
    const postsUpdated = newest(...postRows.map((row) => row.updatedAt));
    const projectsUpdated = newest(...projectRows.map((row) => row.updatedAt));
    const categoryUpdated = (category: string) =>
      newest(...postRows.filter((row) => row.category === category).map((row) => row.updatedAt));
    const blogCategorySlugs = [...new Set(postRows.map((row) => row.category))].sort();
    return [
      { path: "/", lastModified: newest(siteUpdated, servicesUpdated, postsUpdated, projectsUpdated) },
      { path: "/about", lastModified: siteUpdated },
      { path: "/services", lastModified: servicesUpdated },
      ...serviceRows.map((row) => ({ path: `/services/${row.slug}`, lastModified: row.updatedAt })),
      { path: "/projects", lastModified: projectsUpdated },
      ...projectRows.map((row) => ({ path: `/projects/${row.slug}`, lastModified: row.updatedAt })),
      { path: "/contact", lastModified: siteUpdated },
      ...Object.values(legalPages).map((page) => ({ path: page.path, lastModified: new Date(`${page.updatedOn}T00:00:00Z`) })),
      { path: "/blog", lastModified: postsUpdated },
      ...blogCategorySlugs.map((category) => ({ path: `/blog/${category}`, lastModified: categoryUpdated(category) })),
      ...postRows.map((row) => ({ path: `/blog/${row.category}/${row.slug}`, lastModified: row.updatedAt })),
    ];
  }

  return {
    getCompany,
    getBillingDetails,
    getAbout: () => siteDocument<About>("about"),
    listServices,
    getService,
    listPortfolio,
    getPortfolioProject,
    listPosts,
    getPost,
    getHome,
    sitemapEntries,
  };
}

export type ContentService = ReturnType<typeof createContentService>;
