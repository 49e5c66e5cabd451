import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactAcknowledgement } from "../../../shared/contact-acknowledgement.js";
import { contactInquiries, mailOutbox } from "../../db/schema.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, mail } = setUpTestServer({ CONTACT_INBOX: "inbox@crestbuild.test" });

const valid = {
  name: "Amina Bello",
  email: "amina.bello@example.com",
  phone: "+234 803 555 0199",
  subject: "Four-bedroom duplex in Gwarinpa",
  message: "We own a plot in Gwarinpa and would like a quote for a four-bedroom duplex with a boys' quarters.",
};

const post = (body: unknown) => call("/contact", body);

const db = async () => (await testDatabase()).db;

describe("POST /api/contact", () => {
  it("stores a valid inquiry, emails the company's inbox and acknowledges it", async () => {
    const response = await post(valid);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, data: null, message: contactAcknowledgement, error: null });

    const stored = await (await db()).select().from(contactInquiries);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: valid.name,
      email: valid.email,
      subject: valid.subject,
      message: valid.message,
      status: "new",
    });

    const mails = await (await db()).select().from(mailOutbox).where(eq(mailOutbox.toAddress, "inbox@crestbuild.test"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(valid.subject);
    expect(mails[0]?.textBody).toContain(valid.message);
    expect(mails[0]?.htmlBody).toContain("Amina Bello");
  });

  it("escapes what the sender typed in the HTML email", async () => {
    await post({ ...valid, name: "<script>alert(1)</script>" });
    const [mail] = await (await db()).select().from(mailOutbox);
    expect(mail?.htmlBody).not.toContain("<script>");
  });

  it.each([
    ["name", { name: "" }, "Please enter your name."],
    ["email", { email: "not-an-email" }, "Please enter a valid email address."],
    ["phone", { phone: "call me" }, "Please enter a valid phone number."],
    ["subject", { subject: "" }, "Please enter a subject."],
    ["message", { message: "Hi" }, "Please tell us a little more (at least 10 characters)."],
    ["message", { message: "x".repeat(5001) }, "Your message must be at most 5,000 characters."],
  ])("refuses an invalid %s with a field message and stores nothing", async (field, change, message) => {
    const response = await post({ ...valid, ...change });
    expect(response.status).toBe(400);
    const { body } = response;
    expect(body).toMatchObject({
      success: false,
      data: null,
      error: "validation_failed",
      message: "Please correct the highlighted fields.",
    });
    expect(body.fields[field]).toBe(message);
    expect(await (await db()).select().from(contactInquiries)).toHaveLength(0);
  });

  it("reports every invalid field at once", async () => {
    const { body } = await post({});
    expect(Object.keys(body.fields).sort()).toEqual(["email", "message", "name", "subject"]);
  });

  it("answers a filled honeypot as if accepted but keeps and sends nothing", async () => {
    const response = await post({ ...valid, website: "http://spam.example" });
    expect(response.status).toBe(201);
    expect(await (await db()).select().from(contactInquiries)).toHaveLength(0);
    expect(await (await db()).select().from(mailOutbox)).toHaveLength(0);
  });

  it("allows five inquiries an hour from one address, then answers 429 with the wait", async () => {
    for (let attempt = 0; attempt < 5; attempt++) expect((await post(valid)).status).toBe(201);
    const refused = await post(valid);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect(await (await db()).select().from(contactInquiries)).toHaveLength(5);
  });

  it("sends the inbox's copy with Reply-To set to the visitor, and acknowledges the inquiry to the visitor with its reference only", async () => {
    await post({ ...valid, name: "Visit https://spam.example now", message: "Buy cheap pills at https://spam.example today" });
    const inboxCopy = await mail().latestTo("inbox@crestbuild.test");
    expect(inboxCopy.raw).toMatch(/^Reply-To: amina\.bello@example\.com\r?$/m);
    const [stored] = await (await db()).select().from(contactInquiries);
    const acknowledged = await mail().latestTo(valid.email);
    expect(acknowledged.subject).toBe(`We received your message (#${stored?.id})`);
    expect(acknowledged.raw).toContain("will reply within one working day");
    // Nothing the visitor typed reaches the address they named (anyone can name any address).
    expect(acknowledged.raw).not.toContain("spam.example");
  });

  it("acknowledges at most three inquiries a day to one address, whatever its case, and still takes every inquiry", async () => {
    for (const email of ["amina.bello@example.com", "Amina.Bello@example.com", "AMINA.BELLO@example.com", "amina.bello@example.com"]) {
      expect((await post({ ...valid, email })).status).toBe(201);
    }
    await mail().latestTo("inbox@crestbuild.test");
    const inboxCopies = await (await db()).select().from(mailOutbox).where(eq(mailOutbox.toAddress, "inbox@crestbuild.test"));
    expect(inboxCopies).toHaveLength(4);
    const acknowledgements = await (await db()).select().from(mailOutbox);
    expect(acknowledgements.filter((row) => row.subject.startsWith("We received your message"))).toHaveLength(3);
  });
});
