import { Link } from "react-router";
import { type BlogPostSummary, blogCategoryName } from "../../../shared/content";
import { formatDate } from "../../lib/format";
import { CoverImage } from "./CoverImage";
import { SiteCard } from "./SiteCard";

export function BlogPostCard({
  post,
  headingLevel = 3,
  priority = false,
}: {
  post: BlogPostSummary;
  headingLevel?: 2 | 3;
  /** The first card of a list: its image is the screen's largest and is fetched first (CoverImage). */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <SiteCard image={post.coverImage ? <CoverImage src={post.coverImage} priority={priority} /> : null}>
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
    </SiteCard>
  );
}
