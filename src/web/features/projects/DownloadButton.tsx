import { Download } from "lucide-react";
import { useState } from "react";
import { failureMessage } from "../../components/form/form-errors";
import { Button } from "../../components/ui/Button";
import { saveFile } from "../../lib/save-file";
import { toast } from "../../lib/toast";
import { projectsApi } from "./api";

/**
 * Downloads a project document through the API (it needs the Bearer token, which a plain link
 * could not send), then saves it.
 */
export function DownloadButton({ document }: { document: { title: string; fileName: string; downloadUrl: string } }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await projectsApi.downloadDocument(document.downloadUrl, document.fileName);
      saveFile(file.blob, file.fileName);
    } catch (error) {
      toast.error("The document could not be downloaded.", { description: failureMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={() => void download()}
      disabled={busy}
      aria-label={`Download ${document.title || document.fileName}`}
    >
      <Download aria-hidden className="size-4 shrink-0" />
      {busy ? "Downloading..." : "Download"}
    </Button>
  );
}
