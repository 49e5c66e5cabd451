import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Navigate, useParams } from "react-router";
import { failureMessage } from "../../components/form/form-errors";
import { FormAlert } from "../../components/form/form-fields";
import { ButtonLink } from "../../components/ui/Button";
import { PortalPage } from "../../components/ui/PageHeader";
import { LoadingMessage } from "../../components/ui/StatusMessage";
import { projectsApi } from "../../features/projects/api";
import { refreshProjects } from "../../lib/queries/projects";
import { toast } from "../../lib/toast";

type Outcome = { projectId: number } | { failure: string } | null;

/**
 * /dashboard/invitations/:token, the link of a project's invitation once signed in (the guard sends a visitor to sign in
 * first, then back here): the project becomes the client's and opens; a used, expired or someone else's link says why.
 */
export default function InvitationPage() {
  const { token = "" } = useParams();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The link works once: a second run of the effect (React's development checks) must not spend it again.
  const started = useRef(false);

  const { mutate: accept } = useMutation({
    mutationFn: () => projectsApi.acceptInvitation(token),
    retry: false,
    onSuccess: async (accepted) => {
      await refreshProjects(queryClient);
      toast.success(`${accepted.projectTitle} is now in your projects.`);
      setOutcome({ projectId: accepted.projectId });
    },
    onError: (error) => setOutcome({ failure: failureMessage(error) }),
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    accept();
  }, [accept]);

  if (outcome && "projectId" in outcome) return <Navigate to={`/dashboard/projects/${outcome.projectId}`} replace />;
  return (
    <PortalPage>
      <h1 className="text-3xl font-bold">Your project invitation</h1>
      {outcome === null ? <LoadingMessage>Opening your project...</LoadingMessage> : null}
      {outcome && "failure" in outcome ? (
        <div className="flex max-w-xl flex-col gap-4">
          <FormAlert message={outcome.failure} />
          <ButtonLink to="/dashboard" className="self-start">
            Go to your dashboard
          </ButtonLink>
        </div>
      ) : null}
    </PortalPage>
  );
}
