import { Download } from "lucide-react";
import { useState } from "react";
import { FormAlert, FormSuccess, mutedTextClass } from "../../components/form/form-fields";
import { useAttempt } from "../../components/form/use-attempt";
import { Button } from "../../components/ui/Button";
import { saveFile } from "../../lib/save-file";
import { accountApi } from "./api";

/** A copy of everything the portal holds about the user, as a JSON file (Nigeria Data Protection Act: right of access). */
export function MyDataExport() {
  const [done, setDone] = useState(false);
  const { pending, failure, attempt } = useAttempt();

  const download = async () => {
    setDone(false);
    await attempt(async () => {
      const file = await accountApi.downloadMyData();
      saveFile(file.blob, file.fileName);
      setDone(true);
    });
  };

  return (
    <div className="flex flex-col items-start gap-4">
      <p className={mutedTextClass}>
        Your profile, notification preferences, your projects as a client, the messages you wrote, your notifications, devices, contact
        inquiries and sign-in history, in one JSON file you can keep or give to another service. Up to 5 downloads an hour.
      </p>
      <Button onClick={() => void download()} disabled={pending}>
        <Download aria-hidden className="size-4" />
        {pending ? "Preparing your file..." : "Download my data"}
      </Button>
      {done ? <FormSuccess title="Your data has been downloaded." /> : null}
      <FormAlert message={failure} />
    </div>
  );
}
