import { sql } from "drizzle-orm";
import type { UsersAnalytics } from "../../../shared/analytics.js";
import type { AppDb } from "../../db/client.js";
import { activeUserCounts, lastSignIns, users } from "../../db/schema.js";
import { bucketOf, byKey, type Period, perBucket, periodFields, sum } from "./period.js";

type Rows<T> = { rows: T[] };

/**
 * GET /api/admin/analytics/users: sign-ups by role and department, and the people who signed in (a successful
 * sign-in with a password, a passkey or a provider), per bucket. Sign-ups in one pass: grouping sets count the buckets
 * and the breakdowns together.
 */
export async function usersAnalytics(db: AppDb, period: Period): Promise<UsersAnalytics> {
  const signUpBucket = bucketOf(period.granularity, users.createdAt);
  const signUps = (await db.execute(sql`
    select ${signUpBucket} as bucket, ${users.role} as role, ${users.department} as department, count(*)::int as total
    from ${users}
    where ${users.createdAt} >= ${period.fromDate}
    group by grouping sets ((${signUpBucket}), (${users.role}), (${users.department}))`)) as unknown as Rows<{
    bucket: string | null;
    role: string | null;
    department: string | null;
    total: number;
  }>;
  // A bucket's active people are counted as sign-ins are logged (active_user_counts); the timeframe's are those whose
  // latest sign-in is within it (it ends today).
  const signedIn = (await db.execute(sql`
    select to_char(${activeUserCounts.start}, 'YYYY-MM-DD') as bucket, ${activeUserCounts.total} as total from ${activeUserCounts}
    where ${activeUserCounts.granularity} = ${period.granularity} and ${activeUserCounts.start} >= ${period.from}
    union all
    select null, count(*)::int from ${lastSignIns} where ${lastSignIns.day} >= ${period.from}`)) as unknown as Rows<{
    bucket: string | null;
    total: number;
  }>;

  const bucketRows = (rows: { bucket: string | null; total: number }[]) =>
    rows.flatMap((row) => (row.bucket === null ? [] : [{ bucket: row.bucket, total: row.total }]));
  const signUpsPerBucket = perBucket(period.starts, bucketRows(signUps.rows));
  const activePerBucket = perBucket(period.starts, bucketRows(signedIn.rows));
  const keyed = (key: "role" | "department") =>
    byKey(signUps.rows.flatMap((row) => (row[key] === null ? [] : [{ key: row[key], total: row.total }])));
  return {
    ...periodFields(period),
    buckets: period.starts.map((start, i) => ({ start, signUps: signUpsPerBucket[i] ?? 0, activeUsers: activePerBucket[i] ?? 0 })),
    signUps: sum(signUpsPerBucket),
    activeUsers: Number(signedIn.rows.find((row) => row.bucket === null)?.total ?? 0),
    signUpsByRole: keyed("role"),
    signUpsByDepartment: keyed("department"),
  };
}
