import type { SessionUser } from "../../../shared/auth";
import { Avatar } from "../../components/ui/Avatar";
import { ImageUploadButton } from "../../components/ui/ImageUploadButton";
import { useAuth } from "../../lib/session/AuthProvider";
import { toast } from "../../lib/toast";
import { accountApi } from "./api";

/** The server's limit (it checks again, from the bytes). */
const MAX_BYTES = 5 * 1024 * 1024;

/** The profile photo: chosen from the device, checked, uploaded, shown at once. */
export function AvatarForm({ user }: { user: SessionUser }) {
  const { updateUser } = useAuth();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar person={user} size="lg" />
      <ImageUploadButton
        label={user.avatar ? "Change photo" : "Upload a photo"}
        hint="JPEG, PNG or WebP, up to 5 MB. Location data in the photo is removed."
        maxBytes={MAX_BYTES}
        tooLarge="The photo must be 5 MB or smaller."
        onUpload={async (file) => {
          const { avatar } = await accountApi.uploadAvatar(file);
          updateUser({ ...user, avatar });
          toast.success("Photo updated.");
        }}
      />
    </div>
  );
}
