import { describe, expect, it } from "vitest";
import { ApiError } from "../../../shared/api";
import { completeLoginFailure, credentialsFailure, worthAnotherTry } from "./login-messages";

describe("sign-in messages (docs/product.md#wording)", () => {
  it("says what went wrong with the credentials, counting only wrong ones", () => {
    expect(credentialsFailure(new ApiError(401, "Invalid credentials", "invalid_credentials"))).toEqual({
      message: "Email or password is incorrect. Please try again.",
      counts: true,
    });
    expect(credentialsFailure(new ApiError(401, "Account is deactivated", "account_deactivated"))).toEqual({
      message: "Account is deactivated",
      counts: true,
    });
    expect(credentialsFailure(new ApiError(403, "x", "email_not_verified"))).toEqual({
      message: "Please check your email and confirm your account before logging in.",
      unverifiedEmail: true,
    });
    const locked = "Too many login attempts. Please try again in 12 minutes.";
    expect(credentialsFailure(new ApiError(429, locked, "too_many_attempts")).message).toBe(locked);
    expect(credentialsFailure(new ApiError(400, "x")).message).toBe("Invalid email or password. Please try again.");
    expect(credentialsFailure(new ApiError(500, "x")).message).toBe("Failed to verify credentials");
    expect(credentialsFailure(new Error("bug")).message).toBe("Login failed. Please try again.");
  });

  it("shows the server's pending-approval message for staff not yet approved", () => {
    const pending = new ApiError(403, "Your staff account is waiting for approval.", "pending_approval");
    expect(credentialsFailure(pending)).toEqual({ message: "Your staff account is waiting for approval." });
  });

  it("explains a failed complete-login by its cause", () => {
    expect(completeLoginFailure(new ApiError(0, "x", "network"))).toBe(
      "Network connection issue. Please check your internet connection and try again.",
    );
    expect(completeLoginFailure(new ApiError(408, "x", "timeout"))).toBe(
      "Server is taking too long to respond. Please try again in a moment.",
    );
    expect(completeLoginFailure(new ApiError(503, "x"))).toBe("Authentication service is temporarily unavailable. Please try again later.");
    expect(completeLoginFailure(new ApiError(401, "x", "unauthenticated"))).toBe(
      "Invalid credentials. Please check your email and password.",
    );
    expect(completeLoginFailure(new ApiError(403, "x"))).toBe("Access denied. Please contact your administrator.");
    expect(completeLoginFailure(new ApiError(500, "x"))).toBe("Authentication failed. Please try again.");
  });

  it("tries complete-login once more unless the server's refusal was final", () => {
    expect(worthAnotherTry(new ApiError(503, "x"))).toBe(true);
    expect(worthAnotherTry(new ApiError(0, "x"))).toBe(true);
    expect(worthAnotherTry(new ApiError(429, "x"))).toBe(true);
    expect(worthAnotherTry(new ApiError(401, "x"))).toBe(false);
    expect(worthAnotherTry(new ApiError(400, "x"))).toBe(false);
  });
});
