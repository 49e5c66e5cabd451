import type { IdentityProviderSummary } from "../../../shared/identities";
import { buttonClass } from "../../components/ui/Button";
import { OptionalPart } from "../../components/ui/OptionalPart";
import { useApiData } from "../../lib/site-data";
import { siteKeys } from "../site";

function ProviderList() {
  const { providers } = useApiData<{ providers: IdentityProviderSummary[] }>(siteKeys.signInProviders);
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {providers.map((provider) => (
        <a
          key={provider.id}
          href={`/api/auth/oidc/${encodeURIComponent(provider.id)}/start`}
          className={buttonClass("secondary", "w-full")}
        >
          Continue with {provider.name}
        </a>
      ))}
      <p className="flex items-center gap-3 text-sm before:h-px before:flex-1 before:bg-neutral-light after:h-px after:flex-1 after:bg-neutral-light">
        or with your email
      </p>
    </div>
  );
}

/**
 * 'Continue with {name}' for each identity provider (none configured: no buttons): a plain link, since the server
 * sends the browser on to the provider. The list comes with the sign-in screens' HTML, so the form never moves.
 */
export function ProviderButtons() {
  return (
    <OptionalPart>
      <ProviderList />
    </OptionalPart>
  );
}
