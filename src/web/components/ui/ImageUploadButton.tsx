import { IMAGE_ACCEPT, IMAGE_TYPES } from "../../lib/image-types";
import { FormAlert, mutedTextClass } from "../form/form-fields";
import { useAttempt } from "../form/use-attempt";
import { FileButton } from "./FileButton";

type Props = {
  /** The button's text ("Upload a photo", "Change the cover"). */
  label: string;
  /** What may be uploaded, said under the button. */
  hint: string;
  maxBytes: number;
  /** The server's message for a file over maxBytes. */
  tooLarge: string;
  /** Uploads the image; a failure is shown under the button. */
  onUpload: (file: File) => Promise<unknown>;
};

/**
 * One image from the device, checked here as the server checks it (type, size) before a long upload on a
 * slow line, then uploaded.
 */
export function ImageUploadButton({ label, hint, maxBytes, tooLarge, onUpload }: Props) {
  const { pending, failure, setFailure, attempt } = useAttempt();

  const upload = (file: File | undefined) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setFailure("Please upload a JPEG, PNG or WebP image.");
    if (file.size > maxBytes) return setFailure(tooLarge);
    void attempt(() => onUpload(file));
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <FileButton accept={IMAGE_ACCEPT} onFiles={(files) => upload(files[0])} disabled={pending}>
        {pending ? "Uploading..." : label}
      </FileButton>
      <p className={`text-sm ${mutedTextClass}`}>{hint}</p>
      <FormAlert message={failure} />
    </div>
  );
}
