import { type ChangeEvent, useState } from "react";
import type { SessionUser } from "../../../shared/auth";
import { Avatar } from "../../components/ui/Avatar";
import { buttonClass } from "../../components/ui/Button";
import { useAuth } from "../auth/AuthProvider";
import { authApi } from "../auth/api";
import { failureMessage } from "../auth/form-errors";
import { FormAlert, mutedTextClass } from "../auth/form-fields";
import { toast } from "../toast/toast-store";

/** The same limits as the server's (it checks again, from the bytes): said before a long upload on a slow line. */
const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** The profile photo: chosen from the device, checked, uploaded, shown at once. */
export function AvatarForm({ user }: { user: SessionUser }) {
  const { updateUser } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) return setFailure("Please upload a JPEG, PNG or WebP image.");
    if (file.size > MAX_BYTES) return setFailure("The photo must be 5 MB or smaller.");
    setFailure(null);
    setUploading(true);
    try {
      const { avatar } = await authApi.uploadAvatar(file);
      updateUser({ ...user, avatar });
      toast.success("Photo updated.");
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar person={user} size="lg" />
      <div className="flex flex-col gap-2">
        {/* The file input sits inside its label, which looks like a button; keyboard focus shows on the label. */}
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
          {uploading ? "Uploading..." : user.avatar ? "Change photo" : "Upload a photo"}
        </label>
        <p className={`text-sm ${mutedTextClass}`}>JPEG, PNG or WebP, up to 5 MB. Location data in the photo is removed.</p>
        <FormAlert message={failure} />
      </div>
    </div>
  );
}
