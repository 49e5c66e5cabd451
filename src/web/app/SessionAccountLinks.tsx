import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "../components/ui/Button";
import { AuthProvider, useAuth } from "../lib/session/AuthProvider";
import { loadToasts } from "./toast-outlet";

type Place = "header" | "menu";

/**
 * Once signed in, the user's name, their dashboard and signing out. The header row has little room:
 * it shows the first name on wide screens only; the mobile menu the full name.
 */
function SignedInLinks({ place, signInLinks }: { place: Place; signInLinks: ReactNode }) {
  const { user, signOut } = useAuth();
  if (!user) return signInLinks;
  const onSignOut = async () => {
    await signOut();
    const { toast } = await loadToasts();
    toast.success("You have signed out.");
  };
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <>
      {place === "header" ? (
        <span className="hidden max-w-32 truncate font-semibold xl:block" title={fullName}>
          {user.firstName}
        </span>
      ) : (
        <span className="w-full font-semibold">Signed in as {fullName}</span>
      )}
      <Link to="/dashboard" className={buttonClass("primary", "whitespace-nowrap")}>
        Dashboard
      </Link>
      <button type="button" className={buttonClass("secondary", "whitespace-nowrap")} onClick={() => void onSignOut()}>
        Sign out
      </button>
    </>
  );
}

/** The public header's account links for a browser that remembers a session: loaded only then. */
export function SessionAccountLinks(props: { place: Place; signInLinks: ReactNode }) {
  return (
    <AuthProvider>
      <SignedInLinks {...props} />
    </AuthProvider>
  );
}
