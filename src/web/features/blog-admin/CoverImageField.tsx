import { BLOG_COVER_MAX_BYTES, blogAdminMessages, type ManagedPost } from "../../../shared/blog-admin";
import { mutedTextClass } from "../../components/form/form-fields";
import { ImageUploadButton } from "../../components/ui/ImageUploadButton";
import { toast } from "../../lib/toast";
import { blogAdminApi } from "./api";
import { usePostChanged } from "./use-post-changed";

/** The post's cover: uploaded (checked here first, then by the server from its bytes) and shown at once. */
export function CoverImageField({ post }: { post: ManagedPost }) {
  const postChanged = usePostChanged();
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium">Cover image</p>
      {post.coverImage ? (
        <img src={post.coverImage} alt="The post's current cover" className="aspect-[3/2] w-full max-w-sm rounded-lg object-cover" />
      ) : (
        <p className={mutedTextClass}>No cover image yet.</p>
      )}
      <ImageUploadButton
        label={post.coverImage ? "Change the cover" : "Upload a cover"}
        hint="JPEG, PNG or WebP, up to 8 MB."
        maxBytes={BLOG_COVER_MAX_BYTES}
        tooLarge={blogAdminMessages.coverTooLarge}
        onUpload={async (file) => {
          await postChanged(post.id, await blogAdminApi.uploadCover(post.id, file));
          toast.success("Cover image saved.");
        }}
      />
    </div>
  );
}
