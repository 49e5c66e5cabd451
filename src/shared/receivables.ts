import { daysBetween } from "./calendar.js";

// The Accounts dashboard's receivables (docs/decisions/146-accounts-working-screen.md).

/** How far past its due date an invoice's unpaid balance is, in the usual ageing buckets of days. */
export const ageingBuckets = ["notDue", "days0to30", "days31to60", "days61to90", "over90"] as const;
export type AgeingBucket = (typeof ageingBuckets)[number];

export const ageingLabels: Record<AgeingBucket, string> = {
  notDue: "Not yet due",
  days0to30: "0–30 days",
  days31to60: "31–60 days",
  days61to90: "61–90 days",
  over90: "Over 90 days",
};

/** The bucket of an invoice due on `dueOn`, on the Lagos day `today`: due today is 0 days past due. */
export function ageingBucketOf(dueOn: string, today: string): AgeingBucket {
  const late = daysBetween(dueOn, today);
  if (late < 0) return "notDue";
  if (late <= 30) return "days0to30";
  if (late <= 60) return "days31to60";
  if (late <= 90) return "days61to90";
  return "over90";
}

export type { AccountsOverview, Ageing } from "./answers/receivables.js";
