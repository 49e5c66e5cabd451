import { SectionCard } from "../../components/ui/SectionCard";
import { PendingApprovals } from "../../features/admin/PendingApprovals";
import { UsersList } from "../../features/admin/UsersList";
import { mutedTextClass } from "../../features/auth/form-fields";

/** SPEC §2 /admin: system administration; its first part is the people who may use the portal. */
export default function AdminPage() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-3xl font-bold">Administration</h1>
        <p className={`mt-1 ${mutedTextClass}`}>Who may use the portal.</p>
      </div>
      <SectionCard id="approvals" title="Accounts awaiting approval" description="Staff sign in once an administrator approves them.">
        <PendingApprovals />
      </SectionCard>
      <SectionCard id="accounts" title="All accounts">
        <UsersList />
      </SectionCard>
    </div>
  );
}
