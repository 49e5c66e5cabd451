import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useState } from "react";
import { BLOG_COVER_MAX_BYTES, blogAdminMessages, type ManagedPost } from "../../../shared/blog-admin";
import { buttonClass } from "../../components/ui/Button";
import { failureMessage } from "../auth/form-errors";
import { FormAlert, mutedTextClass } from "../auth/form-fields";
import { toast } from "../toast/toast-store";
import { afterPostChange, blogAdminApi } from "./api";

const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** The post's cover: uploaded (checked here first, then by the server from its bytes) and shown at once. */
export function CoverImageField({ post }: { post: ManagedPost }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) return setFailure("Please upload a JPEG, PNG or WebP image.");
    if (file.size > BLOG_COVER_MAX_BYTES) return setFailure(blogAdminMessages.coverTooLarge);
    setFailure(null);
    setUploading(true);
    try {
      await afterPostChange(queryClient, post.id, await blogAdminApi.uploadCover(post.id, file));
      toast.success("Cover image saved.");
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium">Cover image</p>
      {post.coverImage ? (
        <img src={post.coverImage} alt="The post's current cover" className="aspect-[3/2] w-full max-w-sm rounded-lg object-cover" />
      ) : (
        <p className={mutedTextClass}>No cover image yet.</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={buttonClass("secondary", "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-500")}
        >
          <input
            type="file"
            accept={ACCEPTED_TYPES.join(",")}
            className="sr-only"
            onChange={(event) => void onChoose(event)}
            disabled={uploading}
          />
          {uploading ? "Uploading..." : post.coverImage ? "Change the cover" : "Upload a cover"}
        </label>
        <span className={`text-sm ${mutedTextClass}`}>JPEG, PNG or WebP, up to 8 MB.</span>
      </div>
      <FormAlert message={failure} />
    </div>
  );
}
