import { useLocation, useParams, useSearchParams } from "react-router";
import { type BlogCategorySlug, type BlogPostSummary, blogCategories, blogCategoryName, isBlogCategory } from "../../../shared/content";
import type { Page } from "../../../shared/paging";
import { BlogPostCard } from "../../features/site/BlogPostCard";
import { CategoryFilter } from "../../features/site/CategoryFilter";
import { EmptyListing } from "../../features/site/EmptyListing";
import { PageIntro } from "../../features/site/PageIntro";
import { Pagination } from "../../features/site/Pagination";
import { pageNumberOf, siteKeys } from "../../features/site/queries";
import { usePageSeo } from "../../features/site/use-page-seo";
import { useApiData } from "../../lib/site-data";

const allArticles = {
  description:
    "News, project stories and practical building advice from Crestbuild's engineers, architects and builders in Abuja and across Africa.",
  keywords: ["construction blog Nigeria", "building advice Abuja", "construction industry Africa", "Crestbuild news"],
};

const categoryCopy: Record<BlogCategorySlug, { description: string; keywords: string[] }> = {
  technology: {
    description: "Foundations, materials, solar power and the engineering behind durable homes and infrastructure in African conditions.",
    keywords: ["construction technology Nigeria", "building materials Africa", "foundation design Abuja", "solar homes Nigeria"],
  },
  projects: {
    description: "Stories from our sites: how Crestbuild homes, offices, roads and drainage schemes were planned, built and handed over.",
    keywords: ["construction projects Abuja", "construction case studies Nigeria", "building projects Africa"],
  },
  "industry-insights": {
    description: "Costs, regulation, materials and trends in Nigerian and African construction, and what they mean for people who build.",
    keywords: [
      "Nigerian construction industry",
      "construction costs Nigeria",
      "building regulations Abuja",
      "construction industry Africa",
    ],
  },
  "company-news": {
    description: "News from Crestbuild: new projects and offices, certifications, our people and the Crestbuild Academy.",
    keywords: ["Crestbuild news", "construction company news Nigeria", "Crestbuild Academy"],
  },
};

export default function BlogPage() {
  const { category } = useParams();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const page = pageNumberOf(search);
  const posts = useApiData<Page<BlogPostSummary>>(siteKeys.posts(category, page));
  // An unknown category never gets here: the API answers 404 and the route shows 'Page Not Found'.
  const categoryName = category ? blogCategoryName(category) : null;
  const copy = category && isBlogCategory(category) ? categoryCopy[category] : allArticles;
  usePageSeo({
    title: categoryName ? `${categoryName} Articles | Crestbuild Blog` : "Construction Blog: News and Insights | Crestbuild",
    description: copy.description,
    keywords: [...copy.keywords, "Crestbuild blog"],
    path: pathname,
  });
  return (
    <>
      <PageIntro eyebrow={categoryName ? "Blog" : "News and insights"} title={categoryName ? `${categoryName} articles` : "Blog"}>
        <p>{copy.description}</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <CategoryFilter
          label="Blog categories"
          options={[
            { name: "All articles", to: "/blog", current: !category },
            ...blogCategories.map((option) => ({ name: option.name, to: `/blog/${option.slug}`, current: option.slug === category })),
          ]}
        />
        {posts.items.length === 0 ? (
          <EmptyListing
            title={category ? "No articles in this category yet" : "No articles published yet"}
            back={category ? { to: "/blog", label: "See all articles" } : undefined}
          >
            New articles are published regularly. Please check back soon.
          </EmptyListing>
        ) : (
          <>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {posts.items.map((post, index) => (
                <li key={post.slug}>
                  <BlogPostCard post={post} headingLevel={2} priority={index === 0} />
                </li>
              ))}
            </ul>
            <Pagination basePath={pathname} page={posts.page} pageCount={posts.pageCount} />
          </>
        )}
      </div>
    </>
  );
}
