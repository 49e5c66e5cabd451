import { Download } from "lucide-react";
import { useState } from "react";
import { failureMessage } from "../../components/form/form-errors";
import { Button } from "../../components/ui/Button";
import type { DownloadedFile } from "../../lib/http/client";
import { saveFile } from "../../lib/save-file";
import { toast } from "../../lib/toast";

type Props = {
  label: string;
  /** The button's accessible name when its text alone is ambiguous (one in a list); it starts with the label. */
  accessibleName?: string;
  /** The toast's title when it fails. */
  failure: string;
  download: () => Promise<DownloadedFile>;
};

/** A file of the contract's (the BOQ, a certificate): fetched with the access token (a plain link could not send it), then saved. */
export function DownloadFileButton({ label, accessibleName, failure, download }: Props) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const file = await download();
      saveFile(file.blob, file.fileName);
    } catch (error) {
      toast.error(failure, { description: failureMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void save()} disabled={busy} aria-label={accessibleName}>
      <Download aria-hidden className="size-4 shrink-0" />
      {busy ? "Downloading..." : label}
    </Button>
  );
}
