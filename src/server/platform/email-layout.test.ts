import { beforeEach, describe, expect, it } from "vitest";
import type { UploadFile } from "../testing/accounts.js";
import { jpegWithGps } from "../testing/images.js";
import { type CaughtMail, codeIn, mailText } from "../testing/mail-catcher.js";
import type { SignedIn } from "../testing/people.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";
import { emailTime, layoutEmail } from "./email-layout.js";

const ORIGIN = "https://www.crestbuild.test";
const { call, upload, people, createProject, mail } = setUpTestServer({ CONTACT_INBOX: "inbox@crestbuild.test" });
let admin: SignedIn;
beforeEach(async () => {
  mail().mails.length = 0;
  admin = await people.admin();
});

/** One part of a caught mail (its headers and its body as written), by its content type. */
function partOf(sent: CaughtMail, contentType: string): { headers: string; body: string } {
  const text = mailText(sent).replace(/\r\n/g, "\n");
  const start = text.indexOf(`Content-Type: ${contentType}`);
  if (start < 0) throw new Error(`no ${contentType} part in "${sent.subject}"`);
  const rest = text.slice(start);
  const split = rest.indexOf("\n\n");
  const headers = rest.slice(0, split);
  const body = rest.slice(split + 2);
  const end = body.search(/\n--[^\n]+\n|\n--[^\n]+--/);
  const encoded = end < 0 ? body : body.slice(0, end);
  return { headers, body: /base64/i.test(headers) ? Buffer.from(encoded, "base64").toString("utf8") : encoded };
}

/** What every email carries: the greeting, the logo on the public origin, the brand colours, the address and preferences. */
function expectBranded(sent: CaughtMail, greeting: string) {
  const html = partOf(sent, "text/html").body;
  const text = partOf(sent, "text/plain").body;
  expect(html, sent.subject).toContain(`src="${ORIGIN}/brand/logo.jpg"`);
  expect(html, sent.subject).toContain("#051822");
  expect(html, sent.subject).toContain("#aa7452");
  expect(html, sent.subject).toContain(`${greeting},`);
  expect(text, sent.subject).toMatch(new RegExp(`^${greeting},`));
  for (const part of [html, text]) {
    expect(part, sent.subject).toContain("Crestbuild Construction Ltd");
    expect(part, sent.subject).toContain("Plot 1187, Adetokunbo Ademola Crescent, Wuse II");
    expect(part, sent.subject).toContain("Abuja, FCT 900288");
  }
  // Nothing is fetched from anyone else.
  const sources = [...html.matchAll(/src="([^"]+)"/g)].map((match) => match[1] ?? "");
  for (const source of sources) expect(source.startsWith(`${ORIGIN}/`) || source.startsWith("cid:"), source).toBe(true);
  return { html, text };
}

const photo = (data: Buffer): UploadFile => ({ field: "images", name: "site.jpg", type: "image/jpeg", data });
const preferences = `${ORIGIN}/settings#notifications`;

describe("every email in one branded layout", () => {
  it("shows a site update's email with the recipient's name, its text without Markdown marks and its photos", async () => {
    const client = await people.client("chiamaka@example.com", { firstName: "Chiamaka" });
    const projectId = await createProject(admin, { clientId: client.id, title: "Maitama Villa" });
    const posted = await upload(`/projects/${projectId}/updates`, [photo(await jpegWithGps()), photo(await jpegWithGps())], admin.auth, {
      body: "**Note:** the slab was poured.\n\n- cubes _taken_",
      caption: ["Slab pour", ""],
    });
    expect(posted.status).toBe(201);
    const sent = await mail().latestTo("chiamaka@example.com", "New site update on Maitama Villa");
    const { html, text } = expectBranded(sent, "Hello Chiamaka");
    for (const part of [html, text]) {
      expect(part).toContain("Note: the slab was poured. - cubes taken");
      expect(part).not.toContain("**");
      expect(part).toContain(preferences);
      expect(part).toContain(`${ORIGIN}/dashboard/projects/${projectId}`);
    }
    expect(text).toContain("2 photos come with it: see them in the portal.");
    // The thumbnails travel inside the email: private photos get no address anyone could open.
    expect(html).toContain('<img src="cid:photo-1@crestbuild" alt="Slab pour"');
    expect(html).toContain('<img src="cid:photo-2@crestbuild" alt="Photo 2 of the site update"');
    expect(html).not.toContain("/api/media/");
    const image = partOf(sent, "image/jpeg").headers;
    expect(image).toMatch(/Content-ID: <photo-1@crestbuild>/i);
    expect(sent.raw.match(/Content-Type: image\/jpeg/g)).toHaveLength(2);
  });

  it("gives codes, notices, approvals and inquiries the same layout and a plain-text part", async () => {
    // A verification code (registration), and a password reset code.
    await call("/auth/register", {
      firstName: "Ada",
      lastName: "Obi",
      email: "ada@example.com",
      phone: "+234 803 000 1111",
      location: "Gwarinpa, Abuja",
      company: "",
      password: "harmattan-2026",
      confirmPassword: "harmattan-2026",
    });
    const verification = await mail().latestTo("ada@example.com", "verification code");
    expect(partOf(verification, "text/plain").body).toMatch(/Your verification code is \d{6}\. It is valid for/);
    expectBranded(verification, "Hello Ada");
    const client = await people.client("ify@example.com", { firstName: "Ifeoma" });
    await call("/auth/forgot-password", { email: "ify@example.com" });
    const reset = await mail().latestTo("ify@example.com", "password reset code");
    expect(codeIn(reset)).toMatch(/^\d{6}$/);
    expectBranded(reset, "Hello Ifeoma");

    // A security notice with its time in the recipient's zone: Lagos (WAT) until they choose one.
    const changed = await call("/auth/change-password", { currentPassword: "harmattan-2026", newPassword: "savannah-2027" }, client.auth);
    expect(changed.status).toBe(200);
    const notice = await mail().latestTo("ify@example.com", "Your Crestbuild password was changed");
    const { text: noticeText } = expectBranded(notice, "Hello Ifeoma");
    expect(noticeText).toMatch(/on \d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2} WAT\./);
    expect(noticeText).toContain("This wasn't me: https://www.crestbuild.test/security/not-me#user=");

    // A staff account approved.
    await people.staff("musa@crestbuild.ng", "Projects", { firstName: "Musa" });
    expectBranded(await mail().latestTo("musa@crestbuild.ng", "staff account is approved"), "Hello Musa");

    // A website inquiry: the company's inbox and the visitor's acknowledgement.
    const inquiry = await call("/contact", {
      name: "Amina Bello",
      email: "amina@example.com",
      phone: "",
      subject: "A duplex in Jabi",
      message: "We would like a quote for a four-bedroom duplex.",
    });
    expect(inquiry.status).toBe(201);
    const inbox = expectBranded(await mail().latestTo("inbox@crestbuild.test", "New website inquiry"), "Hello Crestbuild team");
    expect(inbox.text).toContain("We would like a quote for a four-bedroom duplex.");
    const acknowledged = expectBranded(await mail().latestTo("amina@example.com", "We received your message"), "Hello");
    expect(acknowledged.text).toContain(`contact form at ${ORIGIN}/contact`);
    expect(acknowledged.text).not.toContain("Amina");

    // Every mail of the test, whatever sent it, came in the layout with both parts.
    expect(mail().mails.length).toBeGreaterThanOrEqual(6);
    for (const sent of mail().mails) {
      expect(sent.raw, sent.subject).toMatch(/Content-Type: multipart\/alternative/);
      const html = partOf(sent, "text/html").body;
      expect(html, sent.subject).toContain(`${ORIGIN}/brand/logo.jpg`);
      expect(partOf(sent, "text/plain").body, sent.subject).toContain("Plot 1187, Adetokunbo Ademola Crescent, Wuse II");
    }
  });

  it("writes the company's address as the public site shows it, after an admin changes it", async () => {
    const settings = (await call("/admin/settings", undefined, admin.auth)).body.data;
    const moved = { ...settings, contact: { ...settings.contact, street: "12 Aminu Kano Crescent, Wuse II", postalCode: "900281" } };
    expect((await call("/admin/settings", moved, admin.auth, "PUT")).status).toBe(200);
    const company = (await call("/content/company")).body.data;
    expect(company.address.street).toBe("12 Aminu Kano Crescent, Wuse II");
    const client = await people.client("obi@example.com", { firstName: "Obi" });
    await call("/auth/forgot-password", { email: "obi@example.com" });
    const text = partOf(await mail().latestTo("obi@example.com", "password reset code"), "text/plain").body;
    expect(text).toContain("12 Aminu Kano Crescent, Wuse II\nAbuja, FCT 900281");
    expect(text).not.toContain("Plot 1187");
    expect(client.email).toBe("obi@example.com");
  });
});

describe("the layout itself", () => {
  const brand = {
    origin: ORIGIN,
    company: {
      name: "Crestbuild Construction Ltd",
      address: { street: "Plot 1", locality: "Abuja", region: "FCT", postalCode: "900288", countryName: "Nigeria" },
    },
  };

  it("escapes what people typed and writes links out in the plain text", () => {
    const laid = layoutEmail(
      "A <subject>",
      {
        recipientName: "<b>Ada</b>",
        paragraphs: [["Read ", { link: `${ORIGIN}/x?a=1&b=2`, label: "this" }, " <script>"]],
        quote: "<img src=x onerror=alert(1)>",
        action: { label: "Open", url: `${ORIGIN}/open` },
      },
      brand,
    );
    expect(laid.html).not.toMatch(/<script|<b>Ada|<img src=x/);
    expect(laid.html).toContain("Hello &#60;b&#62;Ada&#60;/b&#62;,");
    expect(laid.html).toContain(`href="${ORIGIN}/x?a=1&#38;b=2"`);
    expect(laid.text).toContain(`Read this (${ORIGIN}/x?a=1&b=2) <script>`);
    expect(laid.text).toContain(`Open: ${ORIGIN}/open`);
    expect(laid.text).toContain(`notification preferences (${preferences})`);
  });

  it("goes out without an address when the company's details cannot be read, and writes times in Lagos time by default", () => {
    const laid = layoutEmail("Subject", { recipientName: null, paragraphs: ["Text"] }, { origin: ORIGIN, company: null });
    expect(laid.text.startsWith("Hello,\n\nText")).toBe(true);
    expect(laid.html).toContain("Crestbuild");
    expect(emailTime(new Date("2026-11-27T23:30:00Z"))).toBe("28 November 2026 at 00:30 WAT");
  });
});
