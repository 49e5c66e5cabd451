import { describe, expect, it } from "vitest";
import { tooManyLoginAttempts } from "../../../shared/auth-messages";
import { afterFailedAttempt, blockedForMinutes, type LoginAttempts } from "./login-attempts";

const MINUTE = 60_000;
const start = Date.UTC(2026, 2, 14, 9, 0);

function failures(count: number, everyMs = 0): LoginAttempts {
  let attempts: LoginAttempts = { count: 0, lastAttemptAt: 0 };
  for (let index = 0; index < count; index++) attempts = afterFailedAttempt(attempts, start + index * everyMs);
  return attempts;
}

describe("browser sign-in limit (docs/product.md#validation)", () => {
  it("allows 4 failures and blocks after the 5th", () => {
    expect(blockedForMinutes(failures(4), start)).toBeNull();
    expect(blockedForMinutes(failures(5), start)).toBe(15);
  });

  it("says how many whole minutes are left, rounded up", () => {
    const attempts = failures(5);
    expect(blockedForMinutes(attempts, start + 1)).toBe(15);
    expect(blockedForMinutes(attempts, start + 10 * MINUTE)).toBe(5);
    expect(blockedForMinutes(attempts, start + 14 * MINUTE + 30_000)).toBe(1);
    expect(tooManyLoginAttempts(5)).toBe("Too many login attempts. Please try again in 5 minutes.");
  });

  it("starts counting again 15 minutes after the last attempt", () => {
    const attempts = failures(5);
    expect(blockedForMinutes(attempts, start + 15 * MINUTE)).toBeNull();
    expect(afterFailedAttempt(attempts, start + 15 * MINUTE)).toEqual({ count: 1, lastAttemptAt: start + 15 * MINUTE });
  });

  it("keeps counting failures that come less than 15 minutes apart", () => {
    const attempts = failures(5, 10 * MINUTE);
    expect(attempts.count).toBe(5);
    expect(blockedForMinutes(attempts, attempts.lastAttemptAt + MINUTE)).toBe(14);
  });
});
