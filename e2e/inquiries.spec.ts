import { approvedStaff, signIn } from "./accounts";
import { expect, test, waitForHydration } from "./fixtures";

test("a visitor's message reaches the inbox; the Secretariat takes it, answers and marks it handled", async ({
  page,
  browser,
  request,
}) => {
  const subject = `Duplex in Katampe ${Date.now()}`;
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/contact");
  await waitForHydration(visitor);
  await visitor.getByLabel("Name", { exact: true }).fill("Chinedu Okafor");
  await visitor.getByLabel("Email", { exact: true }).fill("chinedu@example.com");
  await visitor.getByRole("textbox", { name: /^Phone/ }).fill("+234 803 000 1234");
  await visitor.getByLabel("Subject", { exact: true }).fill(subject);
  await visitor.getByLabel("Message", { exact: true }).fill("We would like a quote for a four-bedroom duplex in Katampe Extension.");
  await visitor.getByRole("button", { name: /send/i }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "Your message has been received" })).toBeVisible();
  await visitorContext.close();

  const email = await approvedStaff(request, "Secretariat", "Halima");
  await signIn(page, email);
  await expect(page).toHaveURL("/dashboard/secretariat");
  const inbox = page.getByRole("region", { name: "Contact inquiries" });
  await inbox.getByRole("button", { name: new RegExp(subject) }).click();
  const inquiry = inbox.getByRole("article", { name: subject });
  await expect(inquiry.getByRole("link", { name: "chinedu@example.com" })).toHaveAttribute("href", /^mailto:chinedu@example\.com/);
  await expect(inquiry.getByRole("link", { name: "+234 803 000 1234" })).toHaveAttribute("href", "tel:+2348030001234");

  await inquiry.getByRole("button", { name: "Assign to me" }).click();
  await expect(inquiry.getByText("Assigned to Halima Eze (Secretariat).")).toBeVisible();
  await inquiry.getByLabel("Reply note").fill("Called Mr Okafor; site visit booked for Tuesday.");
  await inquiry.getByRole("button", { name: "Mark handled" }).click();
  await expect(inquiry.getByText(/Handled \d/)).toBeVisible();
  await expect(inquiry.getByRole("button", { name: "Reopen" })).toBeVisible();

  await page.reload();
  const reloaded = page.getByRole("region", { name: "Contact inquiries" }).getByRole("article", { name: subject });
  await expect(reloaded.getByText("Handled", { exact: true })).toBeVisible();
  await expect(reloaded.getByLabel("Reply note")).toHaveValue("Called Mr Okafor; site visit booked for Tuesday.");
  await page.getByRole("button", { name: /^Handled/ }).click();
  await expect(page.getByRole("list", { name: "Inquiries" }).getByRole("button", { name: new RegExp(subject) })).toBeVisible();
});

test("an inquiry assigned to a colleague reaches them: the notification opens the inbox on it", async ({ page, browser, request }) => {
  const subject = `Warehouse roof in Idu ${Date.now()}`;
  const sent = await request.post("/api/contact", {
    data: {
      name: "Sani Musa",
      email: "sani@example.com",
      subject,
      message: "Our warehouse roof in Idu leaks; can you inspect it this week?",
    },
  });
  expect(sent.status()).toBe(201);
  const colleagueEmail = await approvedStaff(request, "Executive Assistant", "Ifeoma");
  const email = await approvedStaff(request, "Secretariat", "Yetunde");

  await signIn(page, email);
  const inbox = page.getByRole("region", { name: "Contact inquiries" });
  await inbox.getByRole("button", { name: new RegExp(subject) }).click();
  const inquiry = inbox.getByRole("article", { name: subject });
  await inquiry.getByLabel("Assigned to").selectOption({ label: "Ifeoma Eze" });
  await inquiry.getByRole("button", { name: "Save assignee" }).click();
  await expect(inquiry.getByText("Assigned to Ifeoma Eze (Executive Assistant).")).toBeVisible();

  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await signIn(colleague, colleagueEmail);
  await expect(colleague).toHaveURL("/dashboard/executive-assistant");
  await colleague.getByRole("button", { name: /Notifications, 1 unread/ }).click();
  await colleague.getByRole("link", { name: new RegExp(`Inquiry assigned to you: ${subject}`) }).click();
  await expect(colleague).toHaveURL(/\/dashboard\/inquiries\?status=all&inquiry=\d+$/);
  await expect(colleague.getByRole("heading", { level: 1 })).toHaveText("Contact inquiries");
  await expect(colleague.getByRole("article", { name: subject })).toContainText("Sani Musa");
  await colleagueContext.close();
});
