import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { mfaEnrolmentRequiredMessage } from "../../../shared/auth-messages";
import { dashboardPathFor } from "../../../shared/departments";
import { RequireAuth } from "../../app/RequireAuth";
import { Button } from "../../components/ui/Button";
import { TwoStepSignIn } from "../../features/account/TwoStepSignIn";
import { AuthHeader } from "../../features/auth/AuthScreen";
import { useAuth } from "../../lib/session/AuthProvider";

/**
 * The enrolment the security settings require (MFA_ENROLMENT_PATH): the guard brings such a person here from every
 * portal screen, and the server refuses their other calls, until the authenticator app is set up; then, once the
 * recovery codes are saved, their dashboard. Signing out stays at hand.
 */
function TwoStepSetup() {
  const { user, mfaEnrolmentRequired, signOut } = useAuth();
  const navigate = useNavigate();
  // Read on arrival: turning two-step sign-in on lifts the requirement while the recovery codes are still shown.
  const [arrivedRequired] = useState(mfaEnrolmentRequired);
  if (!user) return null;
  const dashboard = dashboardPathFor(user);
  if (!arrivedRequired) return <Navigate to={dashboard} replace />;
  return (
    <div className="flex flex-col gap-6">
      <AuthHeader title="Turn on two-step sign-in">{mfaEnrolmentRequiredMessage}</AuthHeader>
      <TwoStepSignIn user={user} onCodesSaved={() => navigate(dashboard, { replace: true })} />
      <div className="border-t border-neutral-light pt-4 dark:border-brand-700">
        <Button variant="secondary" onClick={() => void signOut()}>
          Sign out
        </Button>
      </div>
    </div>
  );
}

export default function TwoStepSetupPage() {
  return (
    <RequireAuth>
      <TwoStepSetup />
    </RequireAuth>
  );
}
