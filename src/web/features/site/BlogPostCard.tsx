import { Link } from "react-router";
import { type BlogPostSummary, blogCategoryName } from "../../../shared/content";
import { formatDate } from "../../lib/format";

export function BlogPostCard({ post, headingLevel = 3 }: { post: BlogPostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-neutral-light dark:border-brand-700">
      {post.coverImage ? (
        <img
          src={post.coverImage}
          alt=""
          width={1200}
          height={800}
          loading="lazy"
          decoding="async"
          className="aspect-[3/2] h-auto w-full"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-sm font-semibold text-accent-700 dark:text-accent-500">{blogCategoryName(post.category)}</p>
        <Heading className="text-xl font-semibold">
          <Link to={`/blog/${post.category}/${post.slug}`} className="hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="text-brand-700 dark:text-neutral-light">{post.excerpt}</p>
        <p className="mt-auto pt-2 text-sm text-brand-700 dark:text-neutral-light">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> · {post.readingMinutes} min read · {post.authorName}
        </p>
      </div>
    </article>
  );
}
