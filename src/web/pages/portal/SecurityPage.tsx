import { mutedTextClass } from "../../components/form/form-fields";
import { SectionCard } from "../../components/ui/SectionCard";
import { DeviceSessions } from "../../features/account/DeviceSessions";
import {
  AccessLog,
  AlertsList,
  Blocklist,
  OwnActivity,
  SecuritySettingsForm,
  SecuritySummaryFlags,
  SignOutEverywhereElse,
} from "../../features/security";
import { useAuth } from "../../lib/session/AuthProvider";

/**
 * docs/product.md#security-centre /security: everyone's recent security activity and signed-in devices; for admins
 * also the admins without two-step sign-in, the alerts the threat rules raised, the whole access log and the address blocklist.
 */
export default function SecurityPage() {
  const { user, isAdmin } = useAuth();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-3xl font-bold">Security</h1>
        <p className={`mt-1 ${mutedTextClass}`}>Who signed in to your account, from where, and what changed.</p>
      </div>
      {isAdmin ? <SecuritySummaryFlags selfId={user.id} /> : null}
      <SectionCard id="devices" title="Signed-in devices" description="Where your account is signed in now.">
        <div className="flex flex-col gap-4">
          <DeviceSessions />
          <div>
            <SignOutEverywhereElse />
          </div>
        </div>
      </SectionCard>
      <SectionCard id="activity" title="Recent activity" description="Sign-ins, failed attempts and changes to your account, newest first.">
        <OwnActivity />
      </SectionCard>
      {isAdmin ? (
        <>
          <SectionCard id="alerts" title="Alerts" description="Raised by the threat rules as events happen, with the events behind each.">
            <AlertsList />
          </SectionCard>
          <SectionCard id="access-log" title="Access log" description="Every security event of every account.">
            <AccessLog />
          </SectionCard>
          <SectionCard id="blocklist" title="Blocked addresses" description="Refused before any page or API call, on every server.">
            <Blocklist />
          </SectionCard>
          <SectionCard
            id="security-settings"
            title="Security settings"
            description="The password policy and who must use two-step sign-in."
          >
            <SecuritySettingsForm />
          </SectionCard>
        </>
      ) : null}
    </div>
  );
}
