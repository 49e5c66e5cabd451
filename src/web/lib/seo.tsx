import { createContext, type ReactNode, useContext, useEffect } from "react";
import type { Company } from "../../shared/content";

/** What a page says about itself to search engines and link previews. */
export type PageSeo = {
  title: string;
  description: string;
  keywords: string[];
  /** The page's path; the canonical link is the public origin plus this path. */
  path: string;
  image?: string | null;
  type?: "website" | "article";
  /** Extra structured data for this page (e.g. a BlogPosting). */
  jsonLd?: Record<string, unknown>[];
};

export type HeadTag = { tag: "title" | "meta" | "link" | "script"; attrs: Record<string, string>; text?: string };

/** The company as structured data (docs/product.md#product: founded 2007, rated 4.8 from 150 reviews). */
export function organizationJsonLd(company: Company, origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "GeneralContractor",
    "@id": `${origin}/#organization`,
    name: company.name,
    alternateName: company.shortName,
    slogan: company.tagline,
    description: company.description,
    url: `${origin}/`,
    logo: `${origin}/brand/logo.svg`,
    image: `${origin}/brand/logo.jpg`,
    telephone: company.phone,
    email: company.email,
    foundingDate: String(company.foundingYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: company.address.street,
      addressLocality: company.address.locality,
      addressRegion: company.address.region,
      postalCode: company.address.postalCode,
      addressCountry: company.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: company.geo.latitude, longitude: company.geo.longitude },
    openingHours: company.openingHours.map((entry) => entry.schema),
    areaServed: company.areaServed,
    sameAs: Object.values(company.socials),
    aggregateRating: { "@type": "AggregateRating", ratingValue: company.rating.value, reviewCount: company.rating.count, bestRating: 5 },
  };
}

/** The <head> tags of a page, used for the server's first HTML and for updates after navigation. */
export function headTags(seo: PageSeo, company: Company | null, origin: string): HeadTag[] {
  const canonical = `${origin}${seo.path}`;
  const image = `${origin}${seo.image ?? "/brand/logo.jpg"}`;
  const siteName = company?.name ?? "Crestbuild Construction Ltd";
  const meta = (key: "name" | "property", name: string, content: string): HeadTag => ({ tag: "meta", attrs: { [key]: name, content } });
  const structured = [...(company ? [organizationJsonLd(company, origin)] : []), ...(seo.jsonLd ?? [])];
  return [
    { tag: "title", attrs: {}, text: seo.title },
    meta("name", "description", seo.description),
    meta("name", "keywords", seo.keywords.join(", ")),
    { tag: "link", attrs: { rel: "canonical", href: canonical } },
    meta("property", "og:type", seo.type ?? "website"),
    meta("property", "og:site_name", siteName),
    meta("property", "og:title", seo.title),
    meta("property", "og:description", seo.description),
    meta("property", "og:url", canonical),
    meta("property", "og:image", image),
    meta("property", "og:locale", "en_NG"),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", seo.title),
    meta("name", "twitter:description", seo.description),
    meta("name", "twitter:image", image),
    ...structured.map((data): HeadTag => ({ tag: "script", attrs: { type: "application/ld+json" }, text: JSON.stringify(data) })),
  ];
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");
// JSON inside <script> must not be able to close the element.
const escapeScriptJson = (value: string) => value.replace(/</g, "\\u003c");

export function serializeHeadTags(tags: HeadTag[]): string {
  return tags
    .map(({ tag, attrs, text }) => {
      const attributes = Object.entries(attrs)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join("");
      if (tag === "meta" || tag === "link") return `<${tag} data-seo${attributes}>`;
      const body = tag === "script" ? escapeScriptJson(text ?? "") : escapeText(text ?? "");
      return `<${tag} data-seo${attributes}>${body}</${tag}>`;
    })
    .join("\n");
}

function applyHeadTags(tags: HeadTag[]) {
  for (const element of document.head.querySelectorAll("[data-seo]")) element.remove();
  for (const { tag, attrs, text } of tags) {
    if (tag === "title") {
      document.title = text ?? "";
      continue;
    }
    const element = document.createElement(tag);
    element.setAttribute("data-seo", "");
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    if (text !== undefined) element.textContent = text;
    document.head.append(element);
  }
}

/** Where the server render collects the page's SEO and HTTP status (the browser applies the SEO instead). */
export type SeoCollector = { origin: string; page: PageSeo | null; company: Company | null; status: number };

const SeoContext = createContext<SeoCollector>({ origin: "", page: null, company: null, status: 200 });

export function SeoProvider({ collector, children }: { collector: SeoCollector; children: ReactNode }) {
  return <SeoContext.Provider value={collector}>{children}</SeoContext.Provider>;
}

/** Declares the HTTP status of the server's answer for this page (e.g. 404 on 'Page Not Found'). */
export function useHttpStatus(status: number) {
  const collector = useContext(SeoContext);
  if (typeof window === "undefined") collector.status = status;
}

/** Declares the current page's SEO: collected during the server render, applied to <head> after navigation. */
export function useSeo(seo: PageSeo, company: Company | null) {
  const collector = useContext(SeoContext);
  if (typeof window === "undefined") {
    collector.page = seo;
    collector.company = company;
  }
  const tags = JSON.stringify(headTags(seo, company, collector.origin));
  useEffect(() => applyHeadTags(JSON.parse(tags) as HeadTag[]), [tags]);
}
