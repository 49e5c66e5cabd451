import { ArrowLeft, ChevronRight } from "lucide-react";
import { Link, useParams } from "react-router";
import { type BlogPost, blogCategoryName } from "../../../shared/content";
import { CoverImage } from "../../features/site/CoverImage";
import { metaDescription } from "../../features/site/meta-description";
import { siteKeys } from "../../features/site/queries";
import { useCompany, usePageSeo } from "../../features/site/use-page-seo";
import { formatDate } from "../../lib/format";
import { useApiData } from "../../lib/site-data";
import NotFoundPage from "./NotFoundPage";

export default function BlogPostPage() {
  const { category, slug = "" } = useParams();
  const post = useApiData<BlogPost>(siteKeys.post(slug));
  // A post lives at exactly one address: under another category it does not exist.
  if (post.category !== category) return <NotFoundPage />;
  return <PostArticle post={post} />;
}

const breadcrumbLinkClass = "underline-offset-2 hover:underline";

function PostArticle({ post }: { post: BlogPost }) {
  const company = useCompany();
  const categoryName = blogCategoryName(post.category);
  const categoryPath = `/blog/${post.category}`;
  const path = `${categoryPath}/${post.slug}`;
  const description = metaDescription(post.excerpt);
  const updated = formatDate(post.updatedAt) !== formatDate(post.publishedAt);
  usePageSeo({
    title: `${post.title} | Crestbuild Blog`,
    description,
    keywords: post.keywords,
    type: "article",
    image: post.coverImage,
    path,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        author: { "@type": "Person", name: post.authorName },
        image: post.coverImage ?? undefined,
        articleSection: categoryName,
        keywords: post.keywords.join(", "),
        mainEntityOfPage: path,
        publisher: { "@type": "Organization", name: company.name },
      },
    ],
  });
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-sm text-brand-700 dark:text-neutral-light">
          <li>
            <Link to="/" className={breadcrumbLinkClass}>
              Home
            </Link>
          </li>
          <li className="flex items-center gap-1">
            <ChevronRight aria-hidden className="size-4" />
            <Link to="/blog" className={breadcrumbLinkClass}>
              Blog
            </Link>
          </li>
          <li className="flex items-center gap-1">
            <ChevronRight aria-hidden className="size-4" />
            <Link to={categoryPath} className={breadcrumbLinkClass}>
              {categoryName}
            </Link>
          </li>
          <li className="flex min-w-0 items-center gap-1">
            <ChevronRight aria-hidden className="size-4 shrink-0" />
            <Link to={path} aria-current="page" className={`${breadcrumbLinkClass} font-semibold`}>
              {post.title}
            </Link>
          </li>
        </ol>
      </nav>

      <header className="mt-6">
        <p className="font-semibold uppercase tracking-wide text-accent-700 dark:text-accent-500">{categoryName}</p>
        <h1 className="mt-2 text-3xl font-bold leading-tight md:text-5xl">{post.title}</h1>
        <p className="mt-4 text-brand-700 dark:text-neutral-light">
          By <span className="font-semibold">{post.authorName}</span> ·{" "}
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> · {post.readingMinutes} min read
          {updated ? (
            <>
              {" "}
              · Updated <time dateTime={post.updatedAt}>{formatDate(post.updatedAt)}</time>
            </>
          ) : null}
        </p>
      </header>

      {post.coverImage ? (
        <CoverImage src={post.coverImage} priority sizes="(min-width: 800px) 736px, 100vw" className="mt-8 rounded-xl" />
      ) : null}

      <div className="prose-content mt-8 text-lg" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />

      <footer className="mt-12 border-t border-neutral-light pt-8 dark:border-brand-700">
        {post.keywords.length > 0 ? (
          <>
            <h2 className="text-sm font-semibold uppercase tracking-wide">Topics</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {post.keywords.map((keyword) => (
                <li key={keyword} className="rounded-full bg-neutral-light/40 px-3 py-1 text-sm dark:bg-brand-700">
                  {keyword}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <Link
          to={categoryPath}
          className="mt-8 inline-flex min-h-10 items-center gap-2 font-semibold text-accent-700 hover:underline dark:text-accent-500"
        >
          <ArrowLeft aria-hidden className="size-4" /> More {categoryName.toLowerCase()} articles
        </Link>
      </footer>
    </article>
  );
}
