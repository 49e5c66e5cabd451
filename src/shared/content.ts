/** Shapes of the public site's content as the API returns it (type-only: a public page's script bundles no schema). */

export type { About, BlogPost, BlogPostSummary, Company, HomeContent, PortfolioProject, Service } from "./answers/content.js";

export const blogCategories = [
  { slug: "technology", name: "Technology" },
  { slug: "projects", name: "Projects" },
  { slug: "industry-insights", name: "Industry Insights" },
  { slug: "company-news", name: "Company News" },
] as const;

export type BlogCategorySlug = (typeof blogCategories)[number]["slug"];

export const isBlogCategory = (value: string): value is BlogCategorySlug => blogCategories.some((category) => category.slug === value);

export const blogCategoryName = (slug: string) => blogCategories.find((category) => category.slug === slug)?.name ?? slug;

export const PORTFOLIO_PAGE_SIZE = 6;
export const BLOG_PAGE_SIZE = 6;
