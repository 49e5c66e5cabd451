import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import type { AdminWithoutTwoStep } from "../../../shared/admin";
import { securitySummaryQuery } from "./api";

/**
 * The admins who sign in with a password alone, flagged (the viewer first) until they turn two-step sign-in on:
 * anyone who learns such a password holds the company's accounts.
 */
export function AdminsWithoutTwoStep({
  admins,
  selfId,
  requiredForAdmins,
}: {
  admins: readonly AdminWithoutTwoStep[];
  selfId: string;
  /** Known on /security, where the setting is: when off, the flag points to it. */
  requiredForAdmins?: boolean;
}) {
  if (admins.length === 0) return null;
  const self = admins.some((admin) => admin.id === selfId);
  const others = admins.filter((admin) => admin.id !== selfId);
  return (
    <section
      aria-labelledby="admins-without-two-step"
      className="rounded-md border border-amber-700 bg-amber-50 p-4 text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="admins-without-two-step" className="flex items-center gap-2 font-semibold">
        <ShieldAlert aria-hidden className="size-5 shrink-0" />
        {self ? "Your account has no two-step sign-in" : "Administrators without two-step sign-in"}
      </h2>
      {self ? (
        <p className="mt-1">
          Your administrator account signs in with its password alone.{" "}
          <Link to="/settings#two-step" className="font-medium underline">
            Turn on two-step sign-in
          </Link>
        </p>
      ) : null}
      {others.length > 0 ? (
        <>
          <p className="mt-2">{self ? "Other administrators without it:" : "These administrators sign in with their password alone:"}</p>
          <ul className="mt-1 list-disc pl-5">
            {others.map((admin) => (
              <li key={admin.id}>
                {admin.name} ({admin.email})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {requiredForAdmins === false ? (
        <p className="mt-2 text-sm">The security settings below can require it of every administrator.</p>
      ) : null}
    </section>
  );
}

/** /security for an admin: the flag, from the security summary. */
export function SecuritySummaryFlags({ selfId }: { selfId: string }) {
  const summary = useQuery(securitySummaryQuery);
  if (!summary.data) return null;
  return (
    <AdminsWithoutTwoStep
      admins={summary.data.adminsWithoutTwoStep}
      selfId={selfId}
      requiredForAdmins={summary.data.mfaRequiredForAdmins}
    />
  );
}
