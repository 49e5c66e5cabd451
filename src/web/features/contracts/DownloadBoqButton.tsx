import { Download } from "lucide-react";
import { useState } from "react";
import { failureMessage } from "../../components/form/form-errors";
import { Button } from "../../components/ui/Button";
import { saveFile } from "../../lib/save-file";
import { toast } from "../../lib/toast";
import { contractsApi } from "./api";

/** 'Download as Excel': fetched with the access token (a plain link could not send it), then saved. */
export function DownloadBoqButton({ projectId }: { projectId: number }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await contractsApi.downloadBoq(projectId);
      saveFile(file.blob, file.fileName);
    } catch (error) {
      toast.error("The BOQ could not be downloaded.", { description: failureMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void download()} disabled={busy}>
      <Download aria-hidden className="size-4 shrink-0" />
      {busy ? "Downloading..." : "Download as Excel"}
    </Button>
  );
}
