import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import type { IdentityProviderSummary, LinkedIdentity } from "../../../shared/identities";
import { failureMessage } from "../../components/form/form-errors";
import { InlineAlert, mutedTextClass } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { toast } from "../../lib/toast";
import { useDateFormats } from "../../lib/use-date-formats";
import { AccountItemRow } from "./AccountItemRow";
import { accountApi, type StepUpProof, signInMethodsQuery } from "./api";
import { linkOutcomeFrom } from "./link-outcome";
import { StepUpDialog } from "./StepUpDialog";

function ProviderRow({ provider, linked }: { provider: IdentityProviderSummary; linked: LinkedIdentity | undefined }) {
  const formats = useDateFormats();
  const queryClient = useQueryClient();
  const [linking, setLinking] = useState(false);
  // The server sends the browser to the provider, which sends it back to #sign-in-methods.
  const link = async (proof: StepUpProof) => window.location.assign((await accountApi.linkIdentity(provider.id, proof)).url);
  const unlink = useMutation({
    mutationFn: () => accountApi.unlinkIdentity(provider.id),
    onSuccess: async () => {
      toast.success(`${provider.name} is unlinked.`);
      await queryClient.invalidateQueries({ queryKey: signInMethodsQuery.queryKey });
    },
  });
  const failure = unlink.error;
  return (
    <AccountItemRow
      icon={KeyRound}
      name={provider.name}
      detail={linked ? `Linked as ${linked.email || "your account there"} on ${formats.dateTime(linked.linkedAt)}` : "Not linked"}
      failure={failure ? failureMessage(failure) : null}
      action={
        linked ? (
          <Button variant="secondary" onClick={() => unlink.mutate()} disabled={unlink.isPending}>
            {unlink.isPending ? "Unlinking..." : "Unlink"}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setLinking(true)}>
              Link
            </Button>
            <StepUpDialog
              open={linking}
              onClose={() => setLinking(false)}
              title={`Link ${provider.name}`}
              actionLabel={`Continue to ${provider.name}`}
              onProof={link}
            />
          </>
        )
      }
    />
  );
}

/** Identity providers the account can sign in with: link one (through the provider's own page) or unlink it. */
export function SignInMethods() {
  const methods = useQuery(signInMethodsQuery);
  const [outcome] = useState(() => linkOutcomeFrom(typeof window === "undefined" ? "" : window.location.hash));

  // Back from the provider: say how it went once, and take the result out of the address.
  useEffect(() => {
    if (!outcome) return;
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}#sign-in-methods`);
    if (outcome.linked) toast.success(outcome.message);
  }, [outcome]);

  if (methods.isPending) return <LoadingMessage>Loading your sign-in methods...</LoadingMessage>;
  if (methods.isError) return <ErrorMessage error={methods.error} onRetry={() => void methods.refetch()} />;
  const { providers, identities, hasPassword } = methods.data;
  return (
    <div className="flex flex-col gap-2">
      {outcome && !outcome.linked ? <InlineAlert message={outcome.message} /> : null}
      <p className={mutedTextClass}>
        {hasPassword ? "You can sign in with your password" : "Your account has no password yet (Forgot your password? sets one)"}
        {identities.length > 0 ? " or a linked provider." : "."}
      </p>
      {providers.length === 0 ? (
        <p className={mutedTextClass}>No identity providers are offered here.</p>
      ) : (
        <ul aria-label="Identity providers" className="divide-y divide-neutral-light dark:divide-brand-700">
          {providers.map((provider) => (
            <ProviderRow key={provider.id} provider={provider} linked={identities.find((identity) => identity.provider === provider.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
