import { lazy, Suspense } from "react";
import { DialogButton } from "../../../components/ui/DialogButton";
import { LoadingMessage } from "../../../components/ui/StatusMessage";

// The form (and react-hook-form with it) is loaded when the dialog first opens: the dashboard that offers it starts
// without it.
const RequestProjectForm = lazy(() => import("./RequestProjectForm"));

/** "Request a new project": the client describes it; it starts as Requested until the project office takes it on. */
export function RequestProjectDialog({ label = "Request a new project" }: { label?: string }) {
  return (
    <DialogButton
      label={label}
      title="Request a new project"
      description="Our project office reviews your request and contacts you to agree the details."
      size="lg"
    >
      {(close) => (
        <Suspense fallback={<LoadingMessage>Loading...</LoadingMessage>}>
          <RequestProjectForm onSent={close} />
        </Suspense>
      )}
    </DialogButton>
  );
}
