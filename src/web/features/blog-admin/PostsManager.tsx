import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { type BlogPostStatus, blogPostStatuses, type ManagedPostSummary } from "../../../shared/blog-admin";
import { blogCategoryName } from "../../../shared/content";
import { linkClass, mutedTextClass } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { FilterTabs } from "../../components/ui/FilterTabs";
import { Pager } from "../../components/ui/Pager";
import { RelativeTime } from "../../components/ui/RelativeTime";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useDateFormats } from "../../lib/use-date-formats";
import { pickAllowed, useSearchFilters } from "../../lib/use-search-filters";
import { managedPostsQuery } from "./api";
import { PostEditor } from "./PostEditor";

const statusLabels: Record<BlogPostStatus, string> = { draft: "Drafts", published: "Published" };

function PostRow({ post, onEdit }: { post: ManagedPostSummary; onEdit: () => void }) {
  const formats = useDateFormats();
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold break-words">{post.title}</p>
        <p className={`text-sm ${mutedTextClass}`}>
          {blogCategoryName(post.category)} · {post.authorName} · {post.wordCount} words ·{" "}
          {post.status === "published" && post.publishedAt ? (
            `published ${formats.date(post.publishedAt)}`
          ) : (
            <>
              edited <RelativeTime iso={post.updatedAt} />
            </>
          )}
        </p>
        {post.status === "published" ? (
          <Link to={post.path} className={`text-sm ${linkClass}`}>
            View on the site<span className="sr-only">: {post.title}</span>
          </Link>
        ) : null}
      </div>
      <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${post.title}`}>
        Edit
      </Button>
    </li>
  );
}

/**
 * The blog's posts, drafts and published ones, and the editor of one of them. Which tab and which post
 * are open is kept in the address (?posts=published&post=12, post=new for a new one).
 */
export function PostsManager() {
  const { params, update } = useSearchFilters();
  const status = pickAllowed(params.get("posts"), blogPostStatuses) ?? "draft";
  const openPost = params.get("post");
  const [page, setPage] = useState(1);
  const posts = useQuery({ ...managedPostsQuery(status, page), placeholderData: keepPreviousData });

  if (openPost) {
    const postId = openPost === "new" ? null : Number(openPost) || null;
    return (
      <PostEditor
        key={openPost === "new" ? "new" : "post"}
        postId={postId}
        onSaved={(saved) => update({ post: String(saved.id), posts: saved.status })}
        onClose={() => update({ post: undefined })}
      />
    );
  }

  const counts = posts.data?.counts;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FilterTabs
          label="Posts by status"
          options={blogPostStatuses.map((value) => ({ value, label: statusLabels[value], count: counts?.[value] }))}
          value={status}
          onChange={(value) => {
            setPage(1);
            update({ posts: value });
          }}
        />
        <Button onClick={() => update({ post: "new" })}>
          <Plus aria-hidden className="size-4" />
          New post
        </Button>
      </div>
      {posts.isPending ? <LoadingMessage>Loading posts...</LoadingMessage> : null}
      {posts.isError ? <ErrorMessage error={posts.error} onRetry={() => void posts.refetch()} /> : null}
      {posts.data && posts.data.items.length === 0 ? (
        <EmptyMessage title={status === "draft" ? "No draft." : "No published post."}>
          {status === "draft" ? "Start one with New post." : "Published posts appear on the public blog."}
        </EmptyMessage>
      ) : null}
      {posts.data && posts.data.items.length > 0 ? (
        <>
          <ul
            aria-label={statusLabels[status]}
            aria-busy={posts.isFetching}
            className="divide-y divide-neutral-light dark:divide-brand-700"
          >
            {posts.data.items.map((post) => (
              <PostRow key={post.id} post={post} onEdit={() => update({ post: String(post.id) })} />
            ))}
          </ul>
          <Pager label="Pages of posts" page={page} pageCount={posts.data.pageCount} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}
