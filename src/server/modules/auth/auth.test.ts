import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { REFRESH_TOKEN_IN_BODY_HEADER } from "../../../shared/auth.js";
import { securityEvents, sessions, settings, users } from "../../db/schema.js";
import { person } from "../../testing/accounts.js";
import { codeIn, mailText } from "../../testing/mail-catcher.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const AUTH_SECRET = "test-secret-that-is-long-enough-for-hs256-signing";
const { mail, call, registerVerified, signIn } = setUpTestServer({ AUTH_SECRET });

const db = async () => (await testDatabase()).db;

describe("identity providers when none is configured", () => {
  it("lists none (no 'Continue with' button) and has no provider to start with", async () => {
    expect((await call("/auth/oidc/providers")).body.data).toEqual({ providers: [] });
    const start = await call("/auth/oidc/google/start");
    expect(start.status).toBe(404);
  });
});

describe("registration", () => {
  it("creates a client account in General Users and emails a six-digit code", async () => {
    const { status, body } = await call("/auth/register", person("ada@example.com"));
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ email: "ada@example.com", role: "user", requiresApproval: false });
    const [user] = await (await db()).select().from(users).where(eq(users.email, "ada@example.com"));
    expect(user).toMatchObject({ role: "user", department: "General Users", departmentCode: null, emailVerifiedAt: null });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const sent = await mail().latestTo("ada@example.com");
    expect(codeIn(sent)).toMatch(/^\d{6}$/);
    expect(sent.raw).toContain("text/html");
    // Its link opens the confirmation with the address filled in.
    expect(mailText(sent)).toContain("https://www.crestbuild.test/verify-email?email=ada%40example.com");
  });

  it("gives staff their department and a code of two letters and five digits, pending approval", async () => {
    const { body } = await call("/auth/register", person("hauwa@crestbuild.ng", { isStaff: true, department: "Digital Marketing" }));
    expect(body.data).toMatchObject({ role: "staff", requiresApproval: true });
    const [user] = await (await db()).select().from(users).where(eq(users.email, "hauwa@crestbuild.ng"));
    expect(user?.department).toBe("Digital Marketing");
    expect(user?.departmentCode).toMatch(/^DI\d{5}$/);
    expect(user?.approvedAt).toBeNull();
  });

  it.each([
    ["confirmPassword", { confirmPassword: "something-else" }, "Passwords do not match"],
    ["password", { password: "12345", confirmPassword: "12345" }, "Password should be at least 6 characters long."],
    ["email", { email: "not-an-email" }, "Please enter a valid email address."],
    ["department", { isStaff: true }, "Please choose a department."],
  ])("refuses a bad %s with the SPEC message", async (field, change, message) => {
    const { status, body } = await call("/auth/register", person("bad@example.com", change));
    expect(status).toBe(400);
    expect(body.fields[field]).toBe(message);
  });

  it("refuses a second account for the same email, whatever its case", async () => {
    await call("/auth/register", person("ngozi@example.com"));
    const { status, body } = await call("/auth/register", person("Ngozi@Example.com"));
    expect(status).toBe(409);
    expect(body.message).toBe("An account with this email already exists. Please try logging in instead.");
  });

  it("refuses everyone while registration is switched off", async () => {
    await (await db()).insert(settings).values({ key: "registration_enabled", value: false });
    const { status, body } = await call("/auth/register", person("late@example.com"));
    expect(status).toBe(403);
    expect(body.message).toBe("New registrations are currently disabled. Please contact support.");
  });
});

describe("email verification", () => {
  it("refuses a wrong code and keeps the account unverified", async () => {
    await call("/auth/register", person("kemi@example.com"));
    const right = codeIn(await mail().latestTo("kemi@example.com"));
    const wrong = right === "000000" ? "111111" : "000000";
    const { status } = await call("/auth/verify-otp", { email: "kemi@example.com", code: wrong });
    expect(status).toBe(400);
    const [user] = await (await db()).select().from(users).where(eq(users.email, "kemi@example.com"));
    expect(user?.emailVerifiedAt).toBeNull();
  });

  it("sends a new code on request, and only the newest code works", async () => {
    await call("/auth/register", person("femi@example.com"));
    const first = codeIn(await mail().latestTo("femi@example.com"));
    const before = mail().mails.length;
    expect((await call("/auth/resend-verification", { email: "femi@example.com" })).status).toBe(200);
    await expect.poll(() => mail().mails.length).toBe(before + 1);
    const second = codeIn(await mail().latestTo("femi@example.com"));
    if (first !== second) expect((await call("/auth/verify-otp", { email: "femi@example.com", code: first })).status).toBe(400);
    expect((await call("/auth/verify-otp", { email: "femi@example.com", code: second })).status).toBe(200);
  });

  it("answers a resend for an unknown address the same way, without sending anything", async () => {
    const before = mail().mails.length;
    const { status, body } = await call("/auth/resend-verification", { email: "nobody@example.com" });
    expect(status).toBe(200);
    expect(body.message).toBe("If that address has an unconfirmed account, a new code is on its way.");
    expect(mail().mails.length).toBe(before);
  });
});

describe("two-step sign-in", () => {
  it("says to confirm the email first", async () => {
    await call("/auth/register", person("early@example.com"));
    const { status, body } = await call("/auth/verify-credentials", { email: "early@example.com", password: "harmattan-2026" });
    expect(status).toBe(403);
    expect(body.message).toBe("Please check your email and confirm your account before logging in.");
  });

  it("checks credentials, then completes with the one-time ticket: user, dashboard and tokens", async () => {
    const userId = await registerVerified("bola@example.com");
    const checked = await call("/auth/verify-credentials", { email: "bola@example.com", password: "harmattan-2026" });
    expect(checked.body.data).toMatchObject({ success: true, userId, department: "General Users", mfaRequired: false });
    const completed = await call("/auth/complete-login", { userId, ticket: checked.body.data.ticket });
    expect(completed.status).toBe(200);
    expect(completed.body.data).toMatchObject({
      dashboard: "/dashboard",
      user: { id: userId, email: "bola@example.com", role: "user", isVerified: true, department: "General Users" },
    });
    expect(completed.body.data.accessToken.split(".")).toHaveLength(3);
    expect(completed.headers.get("set-cookie")).toMatch(/cb_refresh=.+HttpOnly.+SameSite=Strict/i);
    // The ticket works once.
    expect((await call("/auth/complete-login", { userId, ticket: checked.body.data.ticket })).status).toBe(401);
  });

  it("lets one person sign in on two devices at the same moment: each ticket completes once", async () => {
    const userId = await registerVerified("twodevices@example.com");
    const credentials = { email: "twodevices@example.com", password: "harmattan-2026" };
    const [phone, laptop] = await Promise.all([
      call("/auth/verify-credentials", credentials),
      call("/auth/verify-credentials", credentials),
    ]);
    const completed = await Promise.all(
      [laptop, phone].map((checked) => call("/auth/complete-login", { userId, ticket: checked.body.data.ticket })),
    );
    expect(completed.map((answer) => answer.status)).toEqual([200, 200]);
    for (const checked of [phone, laptop]) {
      expect((await call("/auth/complete-login", { userId, ticket: checked.body.data.ticket })).status).toBe(401);
    }
  });

  it("refuses complete-login without a ticket for that user", async () => {
    const userId = await registerVerified("chike@example.com");
    const otherId = await registerVerified("dayo@example.com");
    const checked = await call("/auth/verify-credentials", { email: "dayo@example.com", password: "harmattan-2026" });
    expect((await call("/auth/complete-login", { userId, ticket: "forged" })).status).toBe(401);
    const stolen = await call("/auth/complete-login", { userId, ticket: checked.body.data.ticket });
    expect(stolen.status).toBe(401);
    expect(stolen.body.message).toBe("Your sign-in step has expired. Please enter your email and password again.");
    expect((await call("/auth/complete-login", { userId: otherId, ticket: checked.body.data.ticket })).status).toBe(200);
  });

  it("does both steps in one call for API clients", async () => {
    await registerVerified("api@example.com");
    const { status, body } = await call(
      "/auth/login",
      { email: "api@example.com", password: "harmattan-2026" },
      { [REFRESH_TOKEN_IN_BODY_HEADER]: "body" },
    );
    expect(status).toBe(200);
    expect(body.data.refreshToken).toBeTruthy();
  });

  it("answers a wrong password and an unknown email alike, and logs both with the reason", async () => {
    await registerVerified("eze@example.com");
    const wrong = await call("/auth/verify-credentials", { email: "eze@example.com", password: "wrong-password" });
    const unknown = await call("/auth/verify-credentials", { email: "ghost@example.com", password: "whatever1" });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.message).toBe("Invalid credentials");
    expect(unknown.body.message).toBe("Invalid credentials");
    const logged = await (await db()).select().from(securityEvents).where(eq(securityEvents.type, "sign_in"));
    expect(logged.map((event) => [event.email, event.outcome, event.reason, event.userAgent])).toEqual(
      expect.arrayContaining([
        ["eze@example.com", "failure", "wrong_password", "auth-test"],
        ["ghost@example.com", "failure", "unknown_email", "auth-test"],
      ]),
    );
  });

  it("refuses a blocked account with 'Account is deactivated'", async () => {
    await registerVerified("blocked@example.com");
    await (await db()).update(users).set({ active: false }).where(eq(users.email, "blocked@example.com"));
    const { status, body } = await call("/auth/verify-credentials", { email: "blocked@example.com", password: "harmattan-2026" });
    expect(status).toBe(401);
    expect(body.message).toBe("Account is deactivated");
  });

  it("keeps staff out until an admin approves them, then sends them to their department's dashboard", async () => {
    await registerVerified("musa@crestbuild.ng", { isStaff: true, department: "Projects" });
    const pending = await call("/auth/verify-credentials", { email: "musa@crestbuild.ng", password: "harmattan-2026" });
    expect(pending.status).toBe(403);
    expect(pending.body.message).toBe(
      "Your staff account is waiting for approval by an administrator. You will be emailed when it is approved.",
    );
    await (await db()).update(users).set({ approvedAt: new Date() }).where(eq(users.email, "musa@crestbuild.ng"));
    expect((await signIn("musa@crestbuild.ng")).dashboard).toBe("/dashboard/projects");
  });

  it("locks an account at an address after 5 failures in 15 minutes with a retry-after, even with the right password", async () => {
    await registerVerified("target@example.com");
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await call("/auth/verify-credentials", { email: "target@example.com", password: `guess-${attempt}` })).status).toBe(401);
    }
    const locked = await call("/auth/verify-credentials", { email: "target@example.com", password: "harmattan-2026" });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe("Too many login attempts. Please try again in 15 minutes.");
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(800);
    const lockouts = await (await db()).select().from(securityEvents).where(eq(securityEvents.type, "lockout"));
    expect(lockouts).toHaveLength(1);
  });
});

describe("sessions and tokens", () => {
  it("rotates the refresh token on every use and accepts the cookie", async () => {
    await registerVerified("rot@example.com");
    const session = await signIn("rot@example.com");
    const first = await call("/auth/refresh", { refreshToken: session.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.data.refreshToken).not.toBe(session.refreshToken);
    const cookie = `cb_refresh=${first.body.data.refreshToken}`;
    const second = await call("/auth/refresh", {}, { cookie });
    expect(second.status).toBe(200);
    expect((await call("/auth/profile", undefined, { authorization: `Bearer ${second.body.data.accessToken}` })).status).toBe(200);
  });

  it("revokes the whole session when an already-used refresh token comes back, and logs it", async () => {
    await registerVerified("reuse@example.com");
    const session = await signIn("reuse@example.com");
    const rotated = await call("/auth/refresh", { refreshToken: session.refreshToken });
    const replay = await call("/auth/refresh", { refreshToken: session.refreshToken });
    expect(replay.status).toBe(401);
    // The thief's replay also ends the legitimate holder's newer token.
    expect((await call("/auth/refresh", { refreshToken: rotated.body.data.refreshToken })).status).toBe(401);
    expect((await call("/auth/profile", undefined, { authorization: `Bearer ${rotated.body.data.accessToken}` })).status).toBe(401);
    const events = await (await db()).select().from(securityEvents).where(eq(securityEvents.type, "refresh_reuse"));
    expect(events).toHaveLength(1);
  });

  it("ends a session unused for 30 minutes", async () => {
    await registerVerified("idle@example.com");
    const session = await signIn("idle@example.com");
    await (await db()).update(sessions).set({ lastUsedAt: new Date(Date.now() - 31 * 60_000) });
    const { status, body } = await call("/auth/refresh", { refreshToken: session.refreshToken });
    expect(status).toBe(401);
    expect(body.message).toBe("Your session has expired. Please sign in again.");
  });

  it("ends a session 12 hours after sign-in, however busy it is, and refreshing never extends that", async () => {
    await registerVerified("long@example.com");
    const session = await signIn("long@example.com");
    const [original] = await (await db()).select().from(sessions);
    const rotated = await call("/auth/refresh", { refreshToken: session.refreshToken });
    expect(rotated.status).toBe(200);
    const rows = await (await db()).select().from(sessions);
    expect(new Set(rows.map((row) => row.expiresAt.getTime()))).toEqual(new Set([original?.expiresAt.getTime()]));
    expect(original?.expiresAt.getTime()).toBeCloseTo((original?.createdAt.getTime() ?? 0) + 12 * 3600_000, -4);

    // Used a minute ago, but signed in more than 12 hours ago.
    await (await db()).update(sessions).set({ lastUsedAt: new Date(Date.now() - 60_000), expiresAt: new Date(Date.now() - 1000) });
    const { status, body } = await call("/auth/refresh", { refreshToken: rotated.body.data.refreshToken });
    expect(status).toBe(401);
    expect(body.message).toBe("Your session has expired. Please sign in again.");
  });

  it("signs out: the refresh token and the access token stop working", async () => {
    await registerVerified("bye@example.com");
    const session = await signIn("bye@example.com");
    expect((await call("/auth/logout", { refreshToken: session.refreshToken })).status).toBe(200);
    expect((await call("/auth/refresh", { refreshToken: session.refreshToken })).status).toBe(401);
    expect((await call("/auth/profile", undefined, { authorization: `Bearer ${session.accessToken}` })).status).toBe(401);
  });

  it.each([
    ["a tampered signature", (token: string) => `${token.slice(0, -3)}abc`],
    [
      "an unsigned token (alg none)",
      (token: string) => {
        const [, payload] = token.split(".");
        return `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
      },
    ],
    ["no token", () => ""],
  ])("refuses %s on a protected endpoint", async (_name, forge) => {
    await registerVerified("forge@example.com");
    const session = await signIn("forge@example.com");
    const { status, body } = await call("/auth/profile", undefined, { authorization: `Bearer ${forge(session.accessToken)}` });
    expect(status).toBe(401);
    expect(body.message).toBe("Authentication failed. Please log in again.");
  });

  it("refuses an expired access token", async () => {
    await registerVerified("old@example.com");
    const session = await signIn("old@example.com");
    const claims = JSON.parse(Buffer.from(session.accessToken.split(".")[1] ?? "", "base64url").toString());
    const expired = await new SignJWT({ role: claims.role, dept: claims.dept, sid: claims.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.sub)
      .setIssuer("crestbuild")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(AUTH_SECRET));
    expect((await call("/auth/profile", undefined, { authorization: `Bearer ${expired}` })).status).toBe(401);
  });
});

describe("profile", () => {
  it("returns the session shape and saves changes", async () => {
    await registerVerified("prof@example.com");
    const session = await signIn("prof@example.com");
    const auth = { authorization: `Bearer ${session.accessToken}` };
    const read = await call("/auth/profile", undefined, auth);
    expect(Object.keys(read.body.data).sort()).toEqual(
      [
        "avatar",
        "company",
        "createdAt",
        "department",
        "department_code",
        "email",
        "firstName",
        "id",
        "isVerified",
        "lastLoginAt",
        "lastName",
        "location",
        "mfaEnabled",
        "phone",
        "role",
        "timeZone",
      ].sort(),
    );
    expect((await call("/auth/profile", { location: "Asokoro, Abuja", firstName: "" }, auth, "PUT")).status).toBe(400);
    const saved = await call("/auth/profile", { location: "Asokoro, Abuja" }, auth, "PUT");
    expect(saved.body.data.location).toBe("Asokoro, Abuja");
  });
});

describe("password reset and change", () => {
  it("answers forgot-password the same for known and unknown addresses, mailing only the real account", async () => {
    await registerVerified("forgot@example.com");
    const known = await call("/auth/forgot-password", { email: "forgot@example.com" });
    const unknown = await call("/auth/forgot-password", { email: "stranger@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(codeIn(await mail().latestTo("forgot@example.com"))).toMatch(/^\d{6}$/);
    expect(mail().mails.some((sent) => sent.to.includes("stranger@example.com"))).toBe(false);
  });

  it("resets with the emailed code, signs out every session, and the new password works", async () => {
    await registerVerified("reset@example.com");
    const session = await signIn("reset@example.com");
    await call("/auth/forgot-password", { email: "reset@example.com" });
    // Sent after the answer: wait for the reset mail itself.
    const code = codeIn(await mail().latestTo("reset@example.com", "password reset"));
    const bad = await call("/auth/reset-password", { email: "reset@example.com", code: "12345", newPassword: "new-pass-2026" });
    expect(bad.body.fields.code).toBe("Invalid or expired reset code");
    expect((await call("/auth/reset-password", { email: "reset@example.com", code, newPassword: "new-pass-2026" })).status).toBe(200);
    expect((await call("/auth/refresh", { refreshToken: session.refreshToken })).status).toBe(401);
    expect((await call("/auth/verify-credentials", { email: "reset@example.com", password: "harmattan-2026" })).status).toBe(401);
    await signIn("reset@example.com", "new-pass-2026");
    // A code works once.
    const again = await call("/auth/reset-password", { email: "reset@example.com", code, newPassword: "another-2026" });
    expect(again.body.message).toBe("Invalid or expired reset code");
  });

  it("changes the password only with the current one, keeping this session and ending the others", async () => {
    await registerVerified("change@example.com");
    const here = await signIn("change@example.com");
    const elsewhere = await signIn("change@example.com");
    const auth = { authorization: `Bearer ${here.accessToken}` };
    const wrong = await call("/auth/change-password", { currentPassword: "nope", newPassword: "fresh-pass-1" }, auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.currentPassword).toBe("Your current password is not correct.");
    expect((await call("/auth/change-password", { currentPassword: "harmattan-2026", newPassword: "fresh-pass-1" }, auth)).status).toBe(
      200,
    );
    expect((await call("/auth/refresh", { refreshToken: here.refreshToken })).status).toBe(200);
    expect((await call("/auth/refresh", { refreshToken: elsewhere.refreshToken })).status).toBe(401);
    const events = await (await db()).select().from(securityEvents).where(eq(securityEvents.type, "password_change"));
    expect(events.map((event) => event.outcome).sort()).toEqual(["failure", "success"]);
  });
});
