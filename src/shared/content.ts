/** Shapes of the public site's content as the API returns it. */

export type Company = {
  name: string;
  shortName: string;
  tagline: string;
  description: string;
  keywords: string[];
  foundingYear: number;
  experienceLabel: string;
  rating: { value: number; count: number };
  phone: string;
  /** The number that answers WhatsApp (international form); absent from a database loaded before it existed. */
  whatsapp?: string;
  email: string;
  enquiriesEmail: string;
  address: { street: string; locality: string; region: string; postalCode: string; country: string; countryName: string };
  geo: { latitude: number; longitude: number };
  openingHours: { days: string; hours: string; schema: string }[];
  socials: Record<string, string>;
  areaServed: string[];
  hero: { heading: string; subheading: string };
  /** The admin's maintenance banner, shown on every page while present. */
  maintenanceBanner?: string;
  /** Set while an admin has closed registration: /register says so before anyone fills the form. */
  registrationClosed?: boolean;
};

export type About = {
  heading: string;
  intro: string;
  mission: string;
  vision: string;
  history: { year: number; title: string; text: string }[];
  values: { title: string; text: string }[];
  leadership: { name: string; role: string; bio: string; image: string }[];
  certifications: { name: string; issuer: string; detail: string }[];
};

export type Service = {
  slug: string;
  name: string;
  summary: string;
  /** Sanitised HTML rendered from the service's Markdown. */
  descriptionHtml: string;
  offerings: string[];
  keywords: string[];
  image: string;
};

export type PortfolioProject = {
  slug: string;
  reference: string;
  title: string;
  category: string;
  status: string;
  progress: number;
  publicSummary: string;
  city: string;
  state: string | null;
  country: string;
  startDate: string | null;
  completedOn: string | null;
  coverImage: string | null;
  highlights: string[];
};

export const blogCategories = [
  { slug: "technology", name: "Technology" },
  { slug: "projects", name: "Projects" },
  { slug: "industry-insights", name: "Industry Insights" },
  { slug: "company-news", name: "Company News" },
] as const;

export type BlogCategorySlug = (typeof blogCategories)[number]["slug"];

export const isBlogCategory = (value: string): value is BlogCategorySlug => blogCategories.some((category) => category.slug === value);

export const blogCategoryName = (slug: string) => blogCategories.find((category) => category.slug === slug)?.name ?? slug;

export type BlogPostSummary = {
  slug: string;
  category: BlogCategorySlug;
  title: string;
  excerpt: string;
  authorName: string;
  coverImage: string | null;
  publishedAt: string;
  readingMinutes: number;
};

export type BlogPost = BlogPostSummary & {
  /** Sanitised HTML rendered from the post's Markdown on the server. */
  bodyHtml: string;
  keywords: string[];
  updatedAt: string;
};

export type HomeContent = {
  services: Pick<Service, "slug" | "name" | "summary" | "image">[];
  featuredProjects: PortfolioProject[];
  latestPosts: BlogPostSummary[];
  stats: { yearsInBusiness: number; portfolioProjects: number; countries: number };
};

export const PORTFOLIO_PAGE_SIZE = 6;
export const BLOG_PAGE_SIZE = 6;
