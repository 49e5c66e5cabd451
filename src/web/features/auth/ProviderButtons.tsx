import { useQuery } from "@tanstack/react-query";
import type { IdentityProviderSummary } from "../../../shared/identities";
import { buttonClass } from "../../components/ui/Button";

/** The configured identity providers (none: no buttons). */
export const identityProvidersQuery = { queryKey: ["/auth/oidc/providers"] as const, staleTime: 10 * 60_000 };

/** 'Continue with {name}' for each identity provider: a plain link, since the server sends the browser on to the provider. */
export function ProviderButtons() {
  const providers = useQuery<{ providers: IdentityProviderSummary[] }>(identityProvidersQuery);
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {list.map((provider) => (
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
