import { useQuery } from "@tanstack/react-query";
import { BadgeCheck } from "lucide-react";
import type { ReactNode } from "react";
import type { SessionUser } from "../../../shared/auth";
import { roleLabels } from "../../../shared/departments";
import { Button } from "../../components/ui/Button";
import { useAuth } from "../../features/auth/AuthProvider";
import { profileQuery } from "../../features/auth/api";
import { ChangePasswordForm } from "../../features/auth/ChangePasswordForm";
import { FormAlert, mutedTextClass } from "../../features/auth/form-fields";
import { formatDate, formatDateTime } from "../../lib/format";

const cardClass = "rounded-xl border border-neutral-light bg-white p-5 sm:p-6 dark:border-brand-700 dark:bg-brand-900";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-neutral-light py-3 last:border-b-0 sm:flex-row sm:gap-4 dark:border-brand-700">
      <dt className={`shrink-0 text-sm font-medium sm:w-40 sm:text-base ${mutedTextClass}`}>{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const orNotGiven = (value: string) => value || <span className={mutedTextClass}>Not given</span>;

function AccountDetails({ account }: { account: SessionUser }) {
  const isStaff = account.role !== "user";
  return (
    <dl>
      <Detail label="Name">
        {account.firstName} {account.lastName}
      </Detail>
      <Detail label="Email">
        <span className="break-all">{account.email}</span>
        {account.isVerified ? (
          <span className="ml-2 inline-flex items-center gap-1 text-sm font-medium text-green-800 dark:text-green-300">
            <BadgeCheck aria-hidden className="size-4" /> Confirmed
          </span>
        ) : null}
      </Detail>
      <Detail label="Account type">{roleLabels[account.role]}</Detail>
      {isStaff ? <Detail label="Department">{account.department}</Detail> : null}
      {isStaff && account.department_code ? (
        <Detail label="Department code">
          <span className="font-mono">{account.department_code}</span>
        </Detail>
      ) : null}
      <Detail label="Company">{orNotGiven(account.company)}</Detail>
      <Detail label="Phone">{orNotGiven(account.phone)}</Detail>
      <Detail label="Location">{orNotGiven(account.location)}</Detail>
      <Detail label="Member since">{formatDate(account.createdAt)}</Detail>
      <Detail label="Last sign-in">{account.lastLoginAt ? formatDateTime(account.lastLoginAt) : orNotGiven("")}</Detail>
    </dl>
  );
}

function AccountCard() {
  const profile = useQuery(profileQuery);
  if (profile.isPending) {
    return (
      <p role="status" className={mutedTextClass}>
        Loading your account...
      </p>
    );
  }
  if (profile.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormAlert>
          <p>{profile.error.message}</p>
        </FormAlert>
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <AccountDetails account={profile.data} />;
}

/** The signed-in user's home: their account and password. Projects join it with the projects feature. */
export default function DashboardPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-3xl font-bold">Welcome, {user.firstName}</h1>
        <p className={`mt-1 ${mutedTextClass}`}>
          {user.role === "user" ? "Your Crestbuild client account." : `${roleLabels[user.role]} · ${user.department}`}
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <section aria-labelledby="account-heading" className={`lg:col-span-3 ${cardClass}`}>
          <h2 id="account-heading" className="mb-2 text-xl font-bold">
            Your account
          </h2>
          <AccountCard />
        </section>
        <section aria-labelledby="password-heading" className={`lg:col-span-2 ${cardClass}`}>
          <h2 id="password-heading" className="mb-4 text-xl font-bold">
            Change password
          </h2>
          <ChangePasswordForm email={user.email} />
        </section>
      </div>
    </div>
  );
}
