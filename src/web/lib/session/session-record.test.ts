import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../../shared/auth";
import {
  decodeSessionRecord,
  encodeSessionRecord,
  INACTIVITY_LIMIT_MS,
  isLastActiveDue,
  isSessionExpired,
  LAST_ACTIVE_INTERVAL_MS,
  type SessionRecord,
} from "./session-record";

const user: SessionUser = {
  id: "0b7c7a52-5f0e-4d5c-9b9e-2f7f3c1d9a10",
  email: "adeola@example.ng",
  firstName: "Adéọlá",
  lastName: "Okonkwo",
  role: "staff",
  company: "",
  phone: "+234 803 000 0000",
  location: "Abuja",
  avatar: null,
  isVerified: true,
  lastLoginAt: null,
  createdAt: "2026-03-14T09:00:00.000Z",
  department: "HR",
  department_code: "HR12345",
  mfaEnabled: false,
};

const MINUTE = 60_000;
const start = Date.UTC(2026, 2, 14, 9, 0);
const record: SessionRecord = { user, sessionStartTime: start, lastActive: start };

const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");

describe("the remembered session (docs/product.md#records)", () => {
  it("is stored as base64 of its JSON and read back whole, names with accents included", () => {
    const encoded = encodeSessionRecord(record);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(Buffer.from(encoded, "base64").toString("utf8"))).toEqual(record);
    expect(decodeSessionRecord(encoded)).toEqual(record);
  });

  it("reads as no session when missing, garbled or of the wrong shape", () => {
    expect(decodeSessionRecord(null)).toBeNull();
    expect(decodeSessionRecord("")).toBeNull();
    expect(decodeSessionRecord("not base64 at all!")).toBeNull();
    expect(decodeSessionRecord(Buffer.from("{not json").toString("base64"))).toBeNull();
    expect(decodeSessionRecord(base64Json({ user, sessionStartTime: start }))).toBeNull();
    expect(decodeSessionRecord(base64Json({ user: { ...user, role: "owner" }, sessionStartTime: start, lastActive: start }))).toBeNull();
  });
});

describe("inactivity (docs/product.md#sessions)", () => {
  it("ends the session after 30 minutes without activity, not before", () => {
    expect(INACTIVITY_LIMIT_MS).toBe(30 * MINUTE);
    expect(isSessionExpired(record, start + 29 * MINUTE)).toBe(false);
    expect(isSessionExpired(record, start + 30 * MINUTE)).toBe(true);
  });

  it("counts from the last activity, not from the sign-in", () => {
    const active = { ...record, lastActive: start + 60 * MINUTE };
    expect(isSessionExpired(active, start + 80 * MINUTE)).toBe(false);
  });

  it("writes down activity at most every 5 minutes", () => {
    expect(LAST_ACTIVE_INTERVAL_MS).toBe(5 * MINUTE);
    expect(isLastActiveDue(record, start + 4 * MINUTE)).toBe(false);
    expect(isLastActiveDue(record, start + 5 * MINUTE)).toBe(true);
  });
});
