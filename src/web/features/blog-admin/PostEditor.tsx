import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ExternalLink } from "lucide-react";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { type ManagedPost, slugFromTitle } from "../../../shared/blog-admin";
import { blogCategories } from "../../../shared/content";
import { FormAlert, mutedTextClass, SelectField, TextAreaField, TextField } from "../../components/form/form-fields";
import { useApiForm } from "../../components/form/use-api-form";
import { Button, ButtonLink } from "../../components/ui/Button";
import { ConfirmButton } from "../../components/ui/ConfirmButton";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { toast } from "../../lib/toast";
import { useDateFormats } from "../../lib/use-date-formats";
import { blogAdminApi, managedPostQuery } from "./api";
import { CoverImageField } from "./CoverImageField";
import { MarkdownPreview } from "./MarkdownPreview";
import { emptyPostForm, postFormFields, postFormSchema, postFormValues } from "./post-form";
import { usePostChanged } from "./use-post-changed";

type Props = { post: ManagedPost | null; onSaved: (post: ManagedPost) => void; onClose: () => void };

/** The fields of a post, its live preview, and what can be done with it: save, publish or unpublish, delete. */
function PostForm({ post, onSaved, onClose }: Props) {
  const formats = useDateFormats();
  const postChanged = usePostChanged();
  const [working, setWorking] = useState<"saving" | "publishing" | "unpublishing" | null>(null);
  const {
    register,
    submit,
    failure,
    control,
    formState: { errors },
  } = useApiForm(postFormSchema, { defaultValues: post ? postFormValues(post) : emptyPostForm, fields: postFormFields });
  const [title, bodyMarkdown] = useWatch({ control, name: ["title", "bodyMarkdown"] });

  /** Saves the fields (creating the draft the first time), then publishes or unpublishes when asked. */
  const run = (action: "save" | "publish" | "unpublish") =>
    submit(async (input) => {
      setWorking(action === "save" ? "saving" : action === "publish" ? "publishing" : "unpublishing");
      try {
        let saved = post ? await blogAdminApi.update(post.id, input) : await blogAdminApi.create(input);
        if (action === "publish") saved = await blogAdminApi.publish(saved.id);
        if (action === "unpublish") saved = await blogAdminApi.unpublish(saved.id);
        await postChanged(saved.id, saved);
        toast.success(
          action === "publish"
            ? "Post published."
            : action === "unpublish"
              ? "Post unpublished: it is a draft again."
              : post
                ? "Post saved."
                : "Draft saved.",
        );
        onSaved(saved);
      } finally {
        setWorking(null);
      }
    })();

  const published = post?.status === "published";
  const busy = working !== null;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" onClick={onClose}>
          <ArrowLeft aria-hidden className="size-4" />
          Back to the posts
        </Button>
        {published && post ? (
          <ButtonLink variant="secondary" to={post.path}>
            <ExternalLink aria-hidden className="size-4" />
            View on the site
          </ButtonLink>
        ) : null}
      </div>
      <h3 className="text-lg font-bold">
        {post ? `Editing "${post.title}"` : "New post"}
        {post ? (
          <span className={`block text-sm font-normal ${mutedTextClass}`}>
            {published ? "Published" : "Draft"} · by {post.authorName} · last saved {formats.dateTime(post.updatedAt)} · {post.wordCount}{" "}
            words
          </span>
        ) : null}
      </h3>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run("save");
        }}
        className="flex flex-col gap-5"
      >
        <TextField label="Title" error={errors.title?.message} {...register("title")} />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField label="Category" error={errors.category?.message} {...register("category")}>
            {blogCategories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Address"
            optional
            hint={`Made from the title when left empty: ${slugFromTitle(title)}`}
            spellCheck={false}
            error={errors.slug?.message}
            {...register("slug")}
          />
        </div>
        <TextAreaField
          label="Excerpt"
          hint="One or two sentences shown in the blog's list and in search results."
          rows={2}
          error={errors.excerpt?.message}
          {...register("excerpt")}
        />
        <TextField
          label="Keywords"
          optional
          hint="Separated by commas, for search engines."
          error={errors.keywords?.message}
          {...register("keywords")}
        />
        {post ? <CoverImageField post={post} /> : <p className={mutedTextClass}>Save the draft first, then add a cover image.</p>}
        <div className="grid gap-5 lg:grid-cols-2">
          <TextAreaField
            label="Body"
            hint="Markdown: ## for a heading, **bold**, *italic*, - for a list, [text](https://...) for a link."
            rows={20}
            spellCheck
            className="font-mono text-sm"
            error={errors.bodyMarkdown?.message}
            {...register("bodyMarkdown")}
          />
          <section
            aria-labelledby="post-preview-heading"
            className="min-w-0 rounded-lg border border-neutral-light p-4 dark:border-brand-700"
          >
            <h4 id="post-preview-heading" className="mb-2 font-bold">
              Preview
            </h4>
            <MarkdownPreview markdown={bodyMarkdown} />
          </section>
        </div>
        <FormAlert message={failure} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="secondary" disabled={busy}>
            {working === "saving" ? "Saving..." : post ? "Save" : "Save draft"}
          </Button>
          {published ? (
            <Button disabled={busy} onClick={() => void run("unpublish")}>
              {working === "unpublishing" ? "Unpublishing..." : "Unpublish"}
            </Button>
          ) : (
            <Button disabled={busy} onClick={() => void run("publish")}>
              {working === "publishing" ? "Publishing..." : "Publish"}
            </Button>
          )}
          {post ? (
            <ConfirmButton
              variant="danger"
              disabled={busy}
              label="Delete"
              confirmLabel="Delete the post"
              pendingLabel="Deleting..."
              title="Delete this post?"
              onConfirm={async () => {
                await blogAdminApi.remove(post.id);
                await postChanged(post.id, null);
                toast.success("Post deleted.");
                onClose();
              }}
            >
              <p>
                "{post.title}" will be deleted for good{published ? " and removed from the public blog" : ""}. To take it off the site but
                keep it, unpublish it instead.
              </p>
            </ConfirmButton>
          ) : null}
        </div>
      </form>
    </div>
  );
}

/** The editor of one post (loaded first) or of a new one (postId null). */
export function PostEditor({ postId, onSaved, onClose }: { postId: number | null } & Omit<Props, "post">) {
  const post = useQuery({ ...managedPostQuery(postId ?? 0), enabled: postId !== null });
  if (postId === null) return <PostForm post={null} onSaved={onSaved} onClose={onClose} />;
  if (post.isPending) return <LoadingMessage>Loading the post...</LoadingMessage>;
  if (post.isError) return <ErrorMessage error={post.error} onRetry={() => void post.refetch()} />;
  return <PostForm key={post.data.id} post={post.data} onSaved={onSaved} onClose={onClose} />;
}
