import { useState } from "react";
import { useNavigate } from "react-router";
import { FormAlert, mutedTextClass } from "../../components/form/form-fields";
import { useAttempt } from "../../components/form/use-attempt";
import { Button } from "../../components/ui/Button";
import { AuthHeader } from "../../features/auth/AuthScreen";
import { readNotMeLink, securityApi } from "../../features/security";

/**
 * docs/product.md#security-centre: the 'this wasn't me' link of a security email. One press ends every session of the
 * account and emails a reset code; the page goes on to choosing a new password. (A press, not the opening of the
 * link: mail scanners that open links must not sign people out.)
 */
export default function NotMePage() {
  const [link] = useState(() => readNotMeLink(window.location.hash));
  const navigate = useNavigate();
  const { pending, failure, attempt } = useAttempt();
  const secure = () =>
    attempt(async () => {
      if (!link) throw new Error("This link is incomplete. Open it again from the email.");
      const { email } = await securityApi.notMe(link.userId, link.token);
      navigate("/forgot-password", { state: { codeSentTo: email } });
    });
  return (
    <div className="flex flex-col gap-6">
      <AuthHeader title="This wasn't me">
        If you did not do what the email described, secure your account: every device signed in to it is signed out, and we email you a code
        to choose a new password.
      </AuthHeader>
      <FormAlert message={failure} />
      <Button onClick={() => void secure()} disabled={pending || !link}>
        {pending ? "Securing your account..." : "Sign out everywhere and reset my password"}
      </Button>
      {link ? null : <p className={mutedTextClass}>This link is incomplete. Open it again from the email.</p>}
    </div>
  );
}
