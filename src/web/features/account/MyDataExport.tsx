import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/Button";
import { saveFile } from "../../lib/save-file";
import { failureMessage } from "../auth/form-errors";
import { FormAlert, FormSuccess, mutedTextClass } from "../auth/form-fields";
import { accountApi } from "./api";

/** A copy of everything the portal holds about the user, as a JSON file (Nigeria Data Protection Act: right of access). */
export function MyDataExport() {
  const [state, setState] = useState<{ status: "idle" | "pending" | "done" } | { status: "failed"; message: string }>({ status: "idle" });

  const download = async () => {
    setState({ status: "pending" });
    try {
      const file = await accountApi.downloadMyData();
      saveFile(file.blob, file.fileName);
      setState({ status: "done" });
    } catch (error) {
      setState({ status: "failed", message: failureMessage(error) });
    }
  };

  return (
    <div className="flex flex-col items-start gap-4">
      <p className={mutedTextClass}>
        Your profile, notification preferences, your projects as a client, the messages you wrote, your notifications, devices, contact
        inquiries and sign-in history, in one JSON file you can keep or give to another service. Up to 5 downloads an hour.
      </p>
      <Button onClick={() => void download()} disabled={state.status === "pending"}>
        <Download aria-hidden className="size-4" />
        {state.status === "pending" ? "Preparing your file..." : "Download my data"}
      </Button>
      {state.status === "done" ? <FormSuccess title="Your data has been downloaded." /> : null}
      <FormAlert message={state.status === "failed" ? state.message : null} />
    </div>
  );
}
