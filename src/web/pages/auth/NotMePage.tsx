import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { NotMeLinkPreview } from "../../../shared/security";
import { failureMessage } from "../../components/form/form-errors";
import { FormAlert, mutedTextClass } from "../../components/form/form-fields";
import { useAttempt } from "../../components/form/use-attempt";
import { Button } from "../../components/ui/Button";
import { AuthHeader } from "../../features/auth/AuthScreen";
import { methodRows, readNotMeLink, SignInMethodList, securityApi } from "../../features/security";
import { useDateFormats } from "../../lib/use-date-formats";

/**
 * docs/product.md#security-centre: the 'this wasn't me' link of a security email. It shows the account's passkeys
 * and linked providers (those added since the email's event go anyway; the person picks any other to remove), then
 * one press ends every session, removes them, puts back an address an email change took, and emails a reset code;
 * the page goes on to choosing a new password. (A press, not the opening of the link: mail scanners that open links
 * must not sign people out.)
 */
export default function NotMePage() {
  const formats = useDateFormats();
  const [link] = useState(() => readNotMeLink(window.location.hash));
  const navigate = useNavigate();
  const { pending, failure, attempt } = useAttempt();
  const [preview, setPreview] = useState<NotMeLinkPreview | null>(null);
  const [previewFailure, setPreviewFailure] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());

  useEffect(() => {
    if (!link) return;
    securityApi.notMePreview(link.userId, link.token).then(setPreview, (error: unknown) => setPreviewFailure(failureMessage(error)));
  }, [link]);

  const rows = preview ? methodRows(preview, formats) : [];
  const goesAnyway = (addedAt: string) => preview !== null && addedAt >= preview.addedSince;
  const toggle = (key: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const secure = () =>
    attempt(async () => {
      if (!link) throw new Error("This link is incomplete. Open it again from the email.");
      const picked = rows.filter((row) => chosen.has(`${row.kind}:${row.id}`));
      const { email } = await securityApi.notMe(link.userId, link.token, {
        removePasskeys: picked.filter((row) => row.kind === "passkey").map((row) => row.id),
        removeProviders: picked.filter((row) => row.kind === "provider").map((row) => row.id),
      });
      navigate("/forgot-password", { state: { codeSentTo: email } });
    });

  return (
    <div className="flex flex-col gap-6">
      <AuthHeader title="This wasn't me">
        If you did not do what the email described, secure your account: every device signed in to it is signed out, the passkeys and
        providers added since are removed, and we email you a code to choose a new password.
      </AuthHeader>
      {preview?.restoresEmail ? (
        <p className={mutedTextClass}>
          Your email address goes back to <span className="font-semibold break-all">{preview.restoresEmail}</span>.
        </p>
      ) : null}
      {preview ? (
        <SignInMethodList
          rows={rows}
          action={(row) => {
            if (goesAnyway(row.addedAt))
              return <p className="text-sm font-semibold text-red-700 dark:text-red-300">Added since: removed</p>;
            const key = `${row.kind}:${row.id}`;
            const removing = chosen.has(key);
            return (
              <Button
                variant={removing ? "danger" : "secondary"}
                aria-pressed={removing}
                aria-label={`Remove ${row.name}`}
                onClick={() => toggle(key)}
              >
                {removing ? "Will be removed" : "Remove"}
              </Button>
            );
          }}
        />
      ) : null}
      <FormAlert message={failure ?? previewFailure} />
      <Button onClick={() => void secure()} disabled={pending || !link}>
        {pending ? "Securing your account..." : "Sign out everywhere and reset my password"}
      </Button>
      {link ? null : <p className={mutedTextClass}>This link is incomplete. Open it again from the email.</p>}
    </div>
  );
}
