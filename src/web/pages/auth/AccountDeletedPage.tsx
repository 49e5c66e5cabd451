import { accountMessages } from "../../../shared/account";
import { linkClass } from "../../components/form/form-fields";
import { ButtonLink } from "../../components/ui/Button";
import { AuthHeader } from "../../features/auth/AuthScreen";

/**
 * Where deleting one's own account ends (docs/product.md#portal-screens): that it is done, what went with it, what the
 * company keeps and why, and what happens if the person comes back. The session is forgotten as the settings close.
 */
export default function AccountDeletedPage() {
  return (
    <div className="flex flex-col gap-6">
      <AuthHeader title="Your account has been deleted">{accountMessages.accountDeleted}</AuthHeader>
      <section aria-labelledby="account-deleted-next" className="flex flex-col gap-3">
        <h2 id="account-deleted-next" className="text-lg font-semibold">
          What happens next
        </h2>
        <ul className="flex list-disc flex-col gap-2 pl-5">
          <li>Your profile, photo, settings, notifications, passkeys and sign-in sessions are gone now, on every device.</li>
          <li>
            We have emailed a confirmation to the address the account had. If you did not ask for this, tell us at once through the{" "}
            <a href="/contact" className={linkClass}>
              contact page
            </a>
            .
          </li>
          <li>
            Building records stay with the company, as they must: projects where you were the client, without a link to any account, and the
            messages you wrote, without your name.
          </li>
          <li>The security log keeps its entries under a pseudonym, not your address, until they expire.</li>
          <li>You can register again with the same address at any time: it starts a new account that inherits nothing.</li>
        </ul>
      </section>
      <ButtonLink to="/" className="w-full">
        Go to the home page
      </ButtonLink>
    </div>
  );
}
