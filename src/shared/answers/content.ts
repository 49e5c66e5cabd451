import { z } from "zod";
import { type BlogCategorySlug, blogCategories } from "../content.js";
import { calendarDay, count, instant, pageOf } from "./common.js";

/** The company as content/company.json describes it, with what an admin set in /admin. */
export const company = z.object({
  name: z.string(),
  shortName: z.string(),
  tagline: z.string(),
  description: z.string(),
  keywords: z.array(z.string()),
  foundingYear: count,
  experienceLabel: z.string(),
  rating: z.object({ value: z.number(), count }),
  phone: z.string(),
  /** The number that answers WhatsApp (international form); absent from a database loaded before it existed. */
  whatsapp: z.string().optional(),
  email: z.string(),
  enquiriesEmail: z.string(),
  address: z.object({
    street: z.string(),
    locality: z.string(),
    region: z.string(),
    postalCode: z.string(),
    country: z.string(),
    countryName: z.string(),
  }),
  geo: z.object({ latitude: z.number(), longitude: z.number() }),
  openingHours: z.array(z.object({ days: z.string(), hours: z.string(), schema: z.string() })),
  socials: z.record(z.string(), z.string()),
  areaServed: z.array(z.string()),
  hero: z.object({ heading: z.string(), subheading: z.string() }),
  /** The admin's maintenance banner, shown on every page while present. */
  maintenanceBanner: z.string().optional(),
  /** Set while an admin has closed registration: /register says so before anyone fills the form. */
  registrationClosed: z.boolean().optional(),
});
export type Company = z.output<typeof company>;

const titledText = z.object({ title: z.string(), text: z.string() });

/** The about page: the company's story, values, leaders and certifications. */
export const about = z.object({
  heading: z.string(),
  intro: z.string(),
  mission: z.string(),
  vision: z.string(),
  history: z.array(titledText.extend({ year: count })),
  values: z.array(titledText),
  leadership: z.array(z.object({ name: z.string(), role: z.string(), bio: z.string(), image: z.string() })),
  certifications: z.array(z.object({ name: z.string(), issuer: z.string(), detail: z.string() })),
});
export type About = z.output<typeof about>;

/** A service category of the company. */
export const service = z.object({
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  /** Sanitised HTML rendered from the service's Markdown. */
  descriptionHtml: z.string(),
  offerings: z.array(z.string()),
  keywords: z.array(z.string()),
  image: z.string(),
});
export type Service = z.output<typeof service>;

/** A project the public site shows in its portfolio. */
export const portfolioProject = z.object({
  slug: z.string(),
  reference: z.string(),
  title: z.string(),
  category: z.string(),
  status: z.string(),
  progress: count,
  publicSummary: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  startDate: calendarDay.nullable(),
  completedOn: calendarDay.nullable(),
  coverImage: z.string().nullable(),
  highlights: z.array(z.string()),
});
export type PortfolioProject = z.output<typeof portfolioProject>;
export const portfolioPage = pageOf(portfolioProject);

/** One of the blog's categories. */
export const blogCategory = z.enum(blogCategories.map((category) => category.slug) as [BlogCategorySlug, ...BlogCategorySlug[]]);

/** A published post as the blog's lists show it. */
export const blogPostSummary = z.object({
  slug: z.string(),
  category: blogCategory,
  title: z.string(),
  excerpt: z.string(),
  authorName: z.string(),
  coverImage: z.string().nullable(),
  publishedAt: instant,
  readingMinutes: count,
});
export type BlogPostSummary = z.output<typeof blogPostSummary>;
export const blogPostPage = pageOf(blogPostSummary);

/** A published post. */
export const blogPost = blogPostSummary.extend({
  /** Sanitised HTML rendered from the post's Markdown on the server. */
  bodyHtml: z.string(),
  keywords: z.array(z.string()),
  updatedAt: instant,
});
export type BlogPost = z.output<typeof blogPost>;

/** The home page: the services, three featured projects, the latest posts and the company's figures. */
export const homeContent = z.object({
  services: z.array(service.pick({ slug: true, name: true, summary: true, image: true })),
  featuredProjects: z.array(portfolioProject),
  latestPosts: z.array(blogPostSummary),
  stats: z.object({ yearsInBusiness: count, portfolioProjects: count, countries: count }),
});
export type HomeContent = z.output<typeof homeContent>;
