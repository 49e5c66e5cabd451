import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ProjectDetail, projectInvitationSchema } from "../../../../shared/projects";
import { EmailField, mutedTextClass, TextField } from "../../../components/form/form-fields";
import { useApiForm } from "../../../components/form/use-api-form";
import { DialogButton } from "../../../components/ui/DialogButton";
import { ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { formatDate } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { pendingInvitationQuery, projectsApi } from "../api";
import { ProjectForm } from "../ProjectForm";

function InviteClientForm({ project, onSent }: { project: ProjectDetail; onSent: () => void }) {
  const queryClient = useQueryClient();
  const pending = useQuery(pendingInvitationQuery(project.id));
  const form = useApiForm(projectInvitationSchema, { defaultValues: { name: "", email: "" }, fields: ["name", "email"] });

  const onSubmit = form.submit(async (input) => {
    const sent = await projectsApi.inviteClient(project.id, input);
    await queryClient.invalidateQueries({ queryKey: pendingInvitationQuery(project.id).queryKey });
    toast.success("Invitation sent.", { description: `${sent.name} (${sent.email}) receives a link to join the project.` });
    onSent();
  });

  return (
    <div className="flex flex-col gap-4">
      {pending.isPending ? <LoadingMessage>Looking for an earlier invitation...</LoadingMessage> : null}
      {pending.isError ? <ErrorMessage error={pending.error} onRetry={() => void pending.refetch()} /> : null}
      {pending.data?.pending ? (
        <p className="rounded-lg border border-neutral-light p-3 text-sm dark:border-brand-700">
          An invitation was sent to {pending.data.pending.name} ({pending.data.pending.email}) on{" "}
          {formatDate(pending.data.pending.createdAt)}; its link works until {formatDate(pending.data.pending.expiresAt)}. A new invitation
          replaces it.
        </p>
      ) : null}
      <p className={`text-sm ${mutedTextClass}`}>
        They receive a link that opens the registration with their address filled in (or the sign-in, when they already have an account);
        once signed in, they are this project's client.
      </p>
      <ProjectForm
        form={form}
        onSubmit={onSubmit}
        pending={form.formState.isSubmitting}
        submitLabel="Send invitation"
        pendingLabel="Sending..."
      >
        <TextField label="Client's name" autoComplete="off" autoFocus {...form.field("name")} />
        <EmailField label="Client's email" autoComplete="off" {...form.field("email")} />
      </ProjectForm>
    </div>
  );
}

/** "Invite the client", for the project office on a project without a client: an email with a single-use link. */
export function InviteClientDialog({ project }: { project: ProjectDetail }) {
  return (
    <DialogButton variant="secondary" label="Invite the client" title={`Invite the client of ${project.title}`} size="lg">
      {(close) => <InviteClientForm project={project} onSent={close} />}
    </DialogButton>
  );
}
