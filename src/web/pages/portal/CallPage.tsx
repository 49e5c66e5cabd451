import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { PageHeader, PortalPage } from "../../components/ui/PageHeader";
import { SectionCard } from "../../components/ui/SectionCard";
import { CallHistoryList, CallLobby, CallNotificationsPrompt, CallStage, useCallState } from "../../features/calls";
import { useAuth } from "../../lib/session/AuthProvider";

/** /call: the department's members and the buttons to call them, the call itself, and the call history. */
export default function CallPage() {
  const { user, isAdmin } = useAuth();
  const { isInCall } = useCallState();
  const queryClient = useQueryClient();
  // A call that starts or ends changes the history and who is in a call: isInCall is the trigger, not an input.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again each time the user enters or leaves a call.
  useEffect(() => {
    void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith("/calls") });
  }, [isInCall, queryClient]);
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`;

  return (
    <PortalPage>
      <PageHeader title="Calls" description="Video and voice calls with the members of your department." />
      <CallNotificationsPrompt />
      {isInCall ? (
        <CallStage self={{ name, department: user.department }} />
      ) : (
        <SectionCard id="department" title="Your department">
          <CallLobby userId={user.id} isAdmin={isAdmin} ownDepartment={user.department} />
        </SectionCard>
      )}
      <SectionCard id="history" title="Call history">
        <CallHistoryList />
      </SectionCard>
    </PortalPage>
  );
}
