import { existsSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { REFRESH_TOKEN_IN_BODY_HEADER } from "../../../shared/auth.js";
import {
  contactInquiries,
  conversations,
  mailOutbox,
  messages,
  milestones,
  notifications,
  projects,
  projectUpdates,
  securityAlerts,
  securityEvents,
  sessions,
  users,
} from "../../db/schema.js";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { nextAuthenticatorCode } from "../../testing/authenticator.js";
import { pngImage } from "../../testing/images.js";
import { codeIn } from "../../testing/mail-catcher.js";
import { ADMIN_PASSWORD, type SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testConfig, testDatabase } from "../../testing/test-app.js";
import { pseudonymOf } from "./delete-account.js";

const { server, mail, call, upload, signIn, people } = setUpTestServer();
const db = async () => (await testDatabase()).db;

async function seedClientProject(clientId: string) {
  const database = await db();
  const [project] = await database
    .insert(projects)
    .values({
      slug: "jabi-lake-villa",
      reference: "CB-2026-014",
      title: "Jabi lake villa",
      category: "residential",
      description: "A villa by Jabi lake.",
      city: "Abuja",
      country: "NG",
      status: "in_progress",
      clientId,
    })
    .returning();
  if (!project) throw new Error("project not stored");
  await database.insert(milestones).values({ projectId: project.id, title: "Foundation poured" });
  await database.insert(projectUpdates).values({ projectId: project.id, body: "Blockwork reached lintel level." });
  const [conversation] = await database.insert(conversations).values({ kind: "project", projectId: project.id }).returning();
  if (!conversation) throw new Error("conversation not stored");
  await database.insert(messages).values({ conversationId: conversation.id, authorId: clientId, body: "Can we add a second gate?" });
  await database.insert(notifications).values({ userId: clientId, kind: "project_update", title: "New site update" });
  return project;
}

describe("changing the email address", () => {
  it("replaces the email once the code emailed to the new address comes back, and tells the old address", async () => {
    const client = await people.client("old@example.com");
    const requested = await call("/auth/change-email", { newEmail: "New@Example.com", password: TEST_PASSWORD }, client.auth);
    expect(requested.status).toBe(200);
    expect(requested.body.data).toEqual({ pendingEmail: "new@example.com" });
    expect(requested.body.message).toBe("We have emailed a 6-digit code to new@example.com. Enter it to confirm your new email address.");
    const code = codeIn(await mail().latestTo("new@example.com"));
    expect(code).toMatch(/^\d{6}$/);
    // Until the code comes back, the old address is still the account's.
    expect((await call("/auth/profile", undefined, client.auth)).body.data.email).toBe("old@example.com");

    const confirmed = await call("/auth/confirm-email-change", { code }, client.auth);
    expect(confirmed.status).toBe(200);
    const profile = await call("/auth/profile", undefined, client.auth);
    expect(confirmed.body.data).toEqual(profile.body.data);
    expect(confirmed.body.data).toMatchObject({ id: client.id, email: "new@example.com", isVerified: true });
    const [stored] = await (await db()).select().from(users).where(eq(users.id, client.id));
    expect(stored?.pendingEmail).toBeNull();

    const notice = await mail().latestTo("old@example.com", "has changed");
    expect(notice.subject).toBe("The email address of your Crestbuild account has changed");
    expect(notice.raw).toContain("new@example.com");
    expect((await call("/auth/verify-credentials", { email: "old@example.com", password: TEST_PASSWORD })).status).toBe(401);
    expect((await signIn("new@example.com")).user.id).toBe(client.id);
    const events = await (await db())
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "email_changed"), eq(securityEvents.outcome, "success")));
    expect(events).toMatchObject([{ userId: client.id, email: "new@example.com", reason: "from old@example.com" }]);

    expect((await call("/auth/confirm-email-change", { code }, client.auth)).body.fields.code).toBe(
      "No email change is waiting for a code. Please ask for a new code.",
    );
  });

  it("refuses an address already in use, a wrong password, the same address and a wrong code", async () => {
    await people.client("taken@example.com");
    const client = await people.client("mine@example.com");
    expect((await call("/auth/change-email", { newEmail: "x@example.com", password: TEST_PASSWORD })).status).toBe(401);

    const taken = await call("/auth/change-email", { newEmail: "taken@example.com", password: TEST_PASSWORD }, client.auth);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("An account with this email already exists. Please try logging in instead.");
    expect(taken.body.fields.newEmail).toBe("An account with this email already exists. Please try logging in instead.");

    const wrongPassword = await call("/auth/change-email", { newEmail: "other@example.com", password: "not-my-password" }, client.auth);
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.fields.password).toBe("Your password is not correct.");

    const same = await call("/auth/change-email", { newEmail: "mine@example.com", password: TEST_PASSWORD }, client.auth);
    expect(same.body.fields.newEmail).toBe("This is already your email address.");
    const invalid = await call("/auth/change-email", { newEmail: "not an email", password: TEST_PASSWORD }, client.auth);
    expect(invalid.body.fields.newEmail).toBe("Please enter a valid email address.");
    expect(mail().mails.filter((sent) => sent.to.includes("other@example.com"))).toHaveLength(0);

    await call("/auth/change-email", { newEmail: "other@example.com", password: TEST_PASSWORD }, client.auth);
    const right = codeIn(await mail().latestTo("other@example.com"));
    const wrongCode = await call("/auth/confirm-email-change", { code: right === "000000" ? "111111" : "000000" }, client.auth);
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.fields.code).toBe("That code is not valid or has expired. Request a new one and try again.");
    expect((await call("/auth/profile", undefined, client.auth)).body.data.email).toBe("mine@example.com");
  });

  it("needs the password, and the authenticator code when two-step sign-in is on, before any code goes to the new address", async () => {
    const client = await people.client("guarded@example.com");
    const noPassword = await call("/auth/change-email", { newEmail: "thief@example.com" }, client.auth);
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.fields.password).toBeDefined();

    const secret = (await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, client.auth)).body.data.secret as string;
    await call("/auth/mfa/verify", { code: await generate({ secret }) }, client.auth);
    const body = { newEmail: "thief@example.com", password: TEST_PASSWORD };
    const missing = await call("/auth/change-email", body, client.auth);
    expect(missing.status).toBe(400);
    expect(missing.body.fields.code).toBe("Enter the 6-digit code from your authenticator app, or a recovery code.");
    const wrong = await call("/auth/change-email", { ...body, code: "000000" }, client.auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.code).toBe("That code is not valid. Check your authenticator app and try again.");
    expect(mail().mails.filter((sent) => sent.to.includes("thief@example.com"))).toHaveLength(0);
    const [stored] = await (await db()).select().from(users).where(eq(users.id, client.id));
    expect(stored?.pendingEmail).toBeNull();

    const right = await call("/auth/change-email", { ...body, code: await nextAuthenticatorCode(secret) }, client.auth);
    expect(right.status).toBe(200);
    expect(codeIn(await mail().latestTo("thief@example.com"))).toMatch(/^\d{6}$/);
  });
});

describe("notification preferences", () => {
  it("answers every kind with its label and default, and saves a change over the others", async () => {
    const client = await people.client("prefs@example.com");
    const initial = await call("/users/me/notification-preferences", undefined, client.auth);
    expect(initial.status).toBe(200);
    expect(initial.body.data.preferences.message).toEqual({ inApp: true, email: false });
    expect(initial.body.data.preferences.inquiry_assigned).toEqual({ inApp: true, email: true });
    expect(initial.body.data.labels.inquiry_assigned).toBe("A contact inquiry is assigned to you");

    const saved = await call(
      "/users/me/notification-preferences",
      { ...initial.body.data, preferences: { project_update: { inApp: true, email: false } } },
      client.auth,
      "PUT",
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.preferences).toEqual({ ...initial.body.data.preferences, project_update: { inApp: true, email: false } });
    const reread = await call("/users/me/notification-preferences", undefined, client.auth);
    expect(reread.body.data).toEqual(saved.body.data);

    const unknown = await call(
      "/users/me/notification-preferences",
      { preferences: { weather: { inApp: true, email: true } } },
      client.auth,
      "PUT",
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.preferences).toBe("Unknown kind of notification.");
    const notBoolean = await call(
      "/users/me/notification-preferences",
      { preferences: { message: { inApp: "yes", email: false } } },
      client.auth,
      "PUT",
    );
    expect(notBoolean.body.fields["preferences.message.inApp"]).toBe("Choose on or off for each channel.");
  });

  it("sends no email for a kind turned off for email, while the bell still shows it", async () => {
    const quiet = await people.staff("quiet@crestbuild.ng", "Secretariat");
    const loud = await people.staff("loud@crestbuild.ng", "Secretariat");
    await call(
      "/users/me/notification-preferences",
      { preferences: { inquiry_assigned: { inApp: true, email: false } } },
      quiet.auth,
      "PUT",
    );
    const admin = await people.admin();
    const database = await db();
    const [first, second] = await database
      .insert(contactInquiries)
      .values([
        { name: "Visitor", email: "visitor@example.com", subject: "Duplex", message: "A duplex please." },
        { name: "Visitor", email: "visitor@example.com", subject: "Fence", message: "A fence please." },
      ])
      .returning();
    expect((await call(`/inquiries/${first?.id}`, { assignedToId: quiet.id }, admin.auth, "PUT")).status).toBe(200);
    expect((await call(`/inquiries/${second?.id}`, { assignedToId: loud.id }, admin.auth, "PUT")).status).toBe(200);

    expect((await mail().latestTo("loud@crestbuild.ng")).subject).toBe("Inquiry assigned to you: Fence");
    const sentToQuiet = await database.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "quiet@crestbuild.ng"));
    expect(sentToQuiet.map((sent) => sent.subject)).not.toContain("Inquiry assigned to you: Duplex");
    const bell = await call("/notifications", undefined, quiet.auth);
    expect(bell.body.data.items.map((item: { title: string }) => item.title)).toEqual(["Inquiry assigned to you: Duplex"]);
  });
});

describe("signed-in devices", () => {
  async function signInFrom(email: string, userAgent: string) {
    const checked = await call("/auth/verify-credentials", { email, password: TEST_PASSWORD }, { "user-agent": userAgent });
    const completed = await call(
      "/auth/complete-login",
      { userId: checked.body.data.userId, ticket: checked.body.data.ticket },
      { "user-agent": userAgent, [REFRESH_TOKEN_IN_BODY_HEADER]: "body" },
    );
    return completed.body.data as { accessToken: string; refreshToken: string };
  }

  it("lists the open sessions with the caller's marked current, and signs another device out", async () => {
    await people.client("devices@example.com");
    const laptop = await signInFrom("devices@example.com", "Laptop browser");
    const phone = await signInFrom("devices@example.com", "Phone browser");
    const laptopAuth = { authorization: `Bearer ${laptop.accessToken}` };
    // A refresh keeps the device: same id, same sign-in time.
    const before = (await call("/auth/sessions", undefined, laptopAuth)).body.data.sessions;
    const refreshed = await call("/auth/refresh", { refreshToken: phone.refreshToken }, { "user-agent": "Phone browser" });
    expect(refreshed.status).toBe(200);

    const listed = await call("/auth/sessions", undefined, laptopAuth);
    expect(listed.status).toBe(200);
    const devices = listed.body.data.sessions;
    // The one made by people.client() plus the laptop and the phone.
    expect(devices).toHaveLength(3);
    const byAgent = (agent: string) => devices.find((device: { userAgent: string }) => device.userAgent === agent);
    expect(byAgent("Laptop browser")).toMatchObject({ current: true, ipAddress: "127.0.0.1" });
    expect(byAgent("Phone browser")).toMatchObject({ current: false });
    const phoneBefore = before.find((device: { userAgent: string }) => device.userAgent === "Phone browser");
    expect(byAgent("Phone browser")).toMatchObject({ id: phoneBefore.id, createdAt: phoneBefore.createdAt });
    expect(Object.keys(byAgent("Phone browser")).sort()).toEqual(["createdAt", "current", "id", "ipAddress", "lastUsedAt", "userAgent"]);

    const revoked = await call(`/auth/sessions/${byAgent("Phone browser").id}`, {}, laptopAuth, "DELETE");
    expect(revoked.status).toBe(200);
    const phoneAuth = { authorization: `Bearer ${refreshed.body.data.accessToken}` };
    expect((await call("/auth/profile", undefined, phoneAuth)).status).toBe(401);
    expect((await call("/auth/refresh", { refreshToken: refreshed.body.data.refreshToken })).status).toBe(401);
    const remaining = (await call("/auth/sessions", undefined, laptopAuth)).body.data.sessions;
    expect(remaining.map((device: { userAgent: string }) => device.userAgent)).not.toContain("Phone browser");
    const events = await (await db()).select().from(securityEvents).where(eq(securityEvents.type, "session_revoked"));
    expect(events).toHaveLength(1);
  });

  it("answers 404 for another user's session or one that does not exist", async () => {
    const mine = await people.client("mine@example.com");
    const theirs = await people.client("theirs@example.com");
    const theirDevice = (await call("/auth/sessions", undefined, theirs.auth)).body.data.sessions[0].id;
    expect((await call(`/auth/sessions/${theirDevice}`, {}, mine.auth, "DELETE")).status).toBe(404);
    expect((await call("/auth/profile", undefined, theirs.auth)).status).toBe(200);
    expect((await call("/auth/sessions/00000000-0000-4000-8000-000000000000", {}, mine.auth, "DELETE")).status).toBe(404);
    expect((await call("/auth/sessions/not-a-uuid", {}, mine.auth, "DELETE")).status).toBe(404);
  });
});

describe("GET /api/users/me/export", () => {
  it("downloads the user's data as a JSON file, without any secret", async () => {
    const client = await people.client("data@example.com");
    const project = await seedClientProject(client.id);
    await call("/contact", {
      name: "Tunde Bakare",
      email: "data@example.com",
      subject: "Second house",
      message: "Thinking of a second house.",
    });
    const mfaSecret = (await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, client.auth)).body.data.secret as string;

    const response = await fetch(server().url("/api/users/me/export"), { headers: client.auth });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="crestbuild-my-data-${today}.json"`);
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: client.id, email: "data@example.com", firstName: "Tunde", twoStepSignIn: false });
    expect(data.notificationPreferences.message).toEqual({ inApp: true, email: false });
    expect(data.projects).toHaveLength(1);
    expect(data.projects[0]).toMatchObject({ id: project.id, title: "Jabi lake villa", clientId: client.id });
    expect(data.projects[0].milestones.map((milestone: { title: string }) => milestone.title)).toEqual(["Foundation poured"]);
    expect(data.projects[0].updates.map((update: { body: string }) => update.body)).toEqual(["Blockwork reached lintel level."]);
    expect(data.messages.map((message: { body: string }) => message.body)).toEqual(["Can we add a second gate?"]);
    expect(data.notifications.map((notification: { title: string }) => notification.title)).toEqual(["New site update"]);
    expect(data.securityEvents.map((event: { type: string }) => event.type)).toEqual(
      expect.arrayContaining(["registration", "email_verification", "sign_in"]),
    );
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.contactInquiries.map((inquiry: { subject: string }) => inquiry.subject)).toEqual(["Second house"]);

    const [stored] = await (await db()).select().from(users).where(eq(users.id, client.id));
    const tokenHashes = (await (await db()).select().from(sessions).where(eq(sessions.userId, client.id))).map((row) => row.tokenHash);
    for (const secret of [stored?.passwordHash ?? "", mfaSecret, ...tokenHashes]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/passwordHash|tokenHash|mfaSecret|codeHash/);
  });

  it("allows five downloads an hour from one address", async () => {
    const client = await people.client("often@example.com");
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await fetch(server().url("/api/users/me/export"), { headers: client.auth })).status).toBe(200);
    }
    const refused = await fetch(server().url("/api/users/me/export"), { headers: client.auth });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
  });
});

describe("DELETE /api/users/me", () => {
  const uploadedFile = (url: string) => path.join(testConfig().dataDir, "uploads", url.replace(/^\/uploads\//, ""));

  async function uploadAvatar(user: SignedIn) {
    const photo = { field: "avatar", name: "me.png", type: "image/png", data: await pngImage(300, 300) };
    return (await upload("/users/upload-avatar", [photo], user.auth)).body.data.avatar as string;
  }

  it("deletes the account, its photo and its sessions, keeps its projects without a client, and emails a confirmation", async () => {
    const client = await people.client("leaving@example.com");
    const project = await seedClientProject(client.id);
    const avatar = await uploadAvatar(client);
    expect(existsSync(uploadedFile(avatar))).toBe(true);

    const unconfirmed = await call("/users/me", { password: TEST_PASSWORD, confirmation: "delete" }, client.auth, "DELETE");
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.fields.confirmation).toBe("Type DELETE to confirm.");
    const wrong = await call("/users/me", { password: "guess", confirmation: "DELETE" }, client.auth, "DELETE");
    expect(wrong.body.fields.password).toBe("Your password is not correct.");

    const deleted = await call("/users/me", { password: TEST_PASSWORD, confirmation: "DELETE" }, client.auth, "DELETE");
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(
      "Your account has been deleted and you have been signed out. Projects where you were the client stay in the company's records without your account.",
    );

    expect((await call("/auth/profile", undefined, client.auth)).status).toBe(401);
    expect((await call("/auth/refresh", { refreshToken: client.refreshToken })).status).toBe(401);
    const signInAgain = await call("/auth/verify-credentials", { email: "leaving@example.com", password: TEST_PASSWORD });
    expect(signInAgain.status).toBe(401);
    expect(signInAgain.body.message).toBe("Invalid credentials");

    const database = await db();
    expect(await database.select().from(users).where(eq(users.id, client.id))).toHaveLength(0);
    const [kept] = await database.select().from(projects).where(eq(projects.id, project.id));
    expect(kept).toMatchObject({ title: "Jabi lake villa", clientId: null });
    const [message] = await database.select().from(messages).where(eq(messages.body, "Can we add a second gate?"));
    expect(message?.authorId).toBeNull();
    expect(existsSync(uploadedFile(avatar))).toBe(false);
    const events = await database
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "account_deleted"), eq(securityEvents.outcome, "success")));
    expect(events).toMatchObject([{ userId: null, email: expect.stringMatching(/^deleted-account-[0-9a-f]{12}$/) }]);
    expect((await mail().latestTo("leaving@example.com")).subject).toBe("Your Crestbuild account has been deleted");
    const [goodbye] = await database.select().from(mailOutbox).where(eq(mailOutbox.subject, "Your Crestbuild account has been deleted"));
    expect(goodbye?.textBody).toContain("Projects where you were the client stay in the company's records");
  });

  it("hands a recycled address nothing: the next owner's activity and export hold only their own, the old events a pseudonym", async () => {
    const address = "recycled@example.com";
    const first = await people.client(address);
    await call("/auth/verify-credentials", { email: address, password: "wrong-password-1" }, { "x-forwarded-for": "192.0.2.77" });
    await call("/contact", { name: "First Owner", email: address, subject: "Old inquiry", message: "The first owner's house." });
    // A lockout names the address, not the account.
    await (await db()).insert(securityEvents).values({ type: "lockout", outcome: "failure", email: address, ipAddress: "192.0.2.77" });
    await (await db()).insert(securityAlerts).values({ rule: "lockout", severity: "medium", subject: address, evidence: [] });
    expect((await call("/users/me", { password: TEST_PASSWORD, confirmation: "DELETE" }, first.auth, "DELETE")).status).toBe(200);

    const stillNamed = await (await db()).select().from(securityEvents).where(eq(securityEvents.email, address));
    expect(stillNamed).toEqual([]);
    const pseudonymised = await (await db())
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.email, pseudonymOf(first.id)));
    expect(pseudonymised.map((event) => event.type)).toEqual(
      expect.arrayContaining(["registration", "sign_in", "lockout", "account_deleted"]),
    );
    expect((await (await db()).select().from(securityAlerts)).map((alert) => alert.subject)).toEqual([pseudonymOf(first.id)]);
    // Addresses and browsers stay for investigations.
    expect(pseudonymised.find((event) => event.type === "lockout")?.ipAddress).toBe("192.0.2.77");

    // Another person registers the address; a lockout of it from before they did is not theirs either.
    await (await db()).insert(securityEvents).values({ type: "lockout", outcome: "failure", email: address, ipAddress: "192.0.2.78" });
    const next = await people.client(address);
    const activity = (await call("/account/security-activity", undefined, next.auth)).body.data.events as {
      ipAddress: string;
      type: string;
    }[];
    expect(activity.length).toBeGreaterThan(0);
    expect(activity.filter((event) => event.ipAddress.startsWith("192.0.2.7"))).toEqual([]);
    const exported = await (await fetch(server().url("/api/users/me/export"), { headers: next.auth })).json();
    const events = exported.securityEvents;
    expect(events.map((event: { type: string }) => event.type)).toEqual(expect.arrayContaining(["registration", "sign_in"]));
    expect(events.filter((event: { ipAddress: string }) => event.ipAddress?.startsWith("192.0.2.7"))).toEqual([]);
    expect(events.filter((event: { type: string }) => event.type === "account_deleted")).toEqual([]);
    expect(exported.contactInquiries).toEqual([]);

    // A lockout of the address now is the new owner's, and shows.
    await (await db()).insert(securityEvents).values({ type: "lockout", outcome: "failure", email: address, ipAddress: "192.0.2.79" });
    const now = (await call("/account/security-activity", undefined, next.auth)).body.data.events as { ipAddress: string }[];
    expect(now[0]?.ipAddress).toBe("192.0.2.79");
  });

  it("puts the inquiries waiting on a departing staff member back in the inbox", async () => {
    const staffer = await people.staff("sade@crestbuild.ng", "Secretariat");
    const admin = await people.admin();
    const [inquiry] = await (await db())
      .insert(contactInquiries)
      .values({ name: "Visitor", email: "visitor@example.com", subject: "Duplex", message: "A duplex please." })
      .returning();
    await call(`/inquiries/${inquiry?.id}`, { assignedToId: staffer.id }, admin.auth, "PUT");
    expect((await call("/users/me", { password: TEST_PASSWORD, confirmation: "DELETE" }, staffer.auth, "DELETE")).status).toBe(200);
    const reopened = await call(`/inquiries/${inquiry?.id}`, undefined, admin.auth);
    expect(reopened.body.data).toMatchObject({ status: "new", assignedTo: null });
  });

  it("refuses the last active admin, and lets an admin go once another one exists", async () => {
    const admin = await people.admin();
    const refused = await call("/users/me", { password: ADMIN_PASSWORD, confirmation: "DELETE" }, admin.auth, "DELETE");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("You are the last administrator. Make another account an administrator before you delete yours.");
    expect((await call("/auth/profile", undefined, admin.auth)).status).toBe(200);

    await people.anotherAdmin("second@crestbuild.ng", "Aso-villa-2026!");
    expect((await call("/users/me", { password: ADMIN_PASSWORD, confirmation: "DELETE" }, admin.auth, "DELETE")).status).toBe(200);
  });

  it("asks for the authenticator code when two-step sign-in is on", async () => {
    const client = await people.client("careful@example.com");
    const secret = (await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, client.auth)).body.data.secret as string;
    await call("/auth/mfa/verify", { code: await generate({ secret }) }, client.auth);
    const body = { password: TEST_PASSWORD, confirmation: "DELETE" };

    const missing = await call("/users/me", body, client.auth, "DELETE");
    expect(missing.status).toBe(400);
    expect(missing.body.fields.code).toBe("Enter the 6-digit code from your authenticator app, or a recovery code.");
    const wrong = await call("/users/me", { ...body, code: "000000" }, client.auth, "DELETE");
    expect(wrong.body.fields.code).toBe("That code is not valid. Check your authenticator app and try again.");
    expect((await call("/users/me", { ...body, code: await nextAuthenticatorCode(secret) }, client.auth, "DELETE")).status).toBe(200);
  });
});
