import { describe, expect, it } from "vitest";
import { describeSecurityEvent } from "./security.js";

describe("access log events in plain words", () => {
  it("names a known event", () => {
    expect(describeSecurityEvent({ type: "mfa_enrolled", outcome: "success", reason: null })).toBe("Two-step sign-in turned on");
  });

  it("says why a failure failed", () => {
    expect(describeSecurityEvent({ type: "sign_in", outcome: "failure", reason: "wrong_password" })).toBe("Sign-in failed: wrong password");
    expect(describeSecurityEvent({ type: "sign_in", outcome: "failure", reason: null })).toBe("Sign-in failed");
  });

  it("names what was tried when it failed, not what would have been done", () => {
    expect(describeSecurityEvent({ type: "password_change", outcome: "failure", reason: "wrong_password" })).toBe(
      "Password change failed: wrong password",
    );
    expect(describeSecurityEvent({ type: "passkey_added", outcome: "failure", reason: null })).toBe("Adding a passkey failed");
  });

  it("shows an event type it does not know in words", () => {
    expect(describeSecurityEvent({ type: "role_changed", outcome: "success", reason: null })).toBe("Role changed");
  });
});
