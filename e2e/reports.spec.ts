import { readFile } from "node:fs/promises";
import { mailText } from "../src/server/testing/mail-catcher";
import { signIn } from "./accounts";
import { expect, expectNoSeriousViolations, test } from "./fixtures";
import { latestMail } from "./mail-server";
import { clientWithAProject } from "./projects-kit";

test("the office makes this week's report, downloads it, and the client opens it from the email without signing in", async ({
  page,
  request,
}) => {
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Femi",
    client: "Ifeoma",
    project: "Jabi lakeside villa ",
    description: "A villa by the lake.",
  });
  await signIn(page, office.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto(`/dashboard/projects/${project.id}?section=reports`);
  const list = page.getByRole("region", { name: "Weekly reports" });
  await expect(list.getByText("No report yet.")).toBeVisible();
  await page.getByRole("button", { name: "Make this week's report" }).click();
  await expect(page.getByText("This week's report is made.", { exact: true })).toBeVisible();
  const download = list.getByRole("button", { name: /^Download Week of / });
  await expect(download).toBeVisible();
  await expect(list.getByText(/% complete · \d+(\.\d)? KB$/)).toBeVisible();
  // Away from the button just pressed: its hover colour is not what the page shows at rest.
  await page.mouse.move(0, 0);
  await expectNoSeriousViolations(page);

  const downloading = page.waitForEvent("download");
  await download.click();
  const saved = await downloading;
  expect(saved.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile(await saved.path())).subarray(0, 5).toString()).toBe("%PDF-");

  // The client's email: its button opens the PDF without a session.
  const mail = mailText(await latestMail(client.email, "Weekly report"));
  const link = /https?:\/\/[^\s)"]+\/api\/reports\/[0-9.]+[A-Za-z0-9_-]+/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  const opened = await request.get(new URL(link ?? "").pathname);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("application/pdf");

  // The client sees the list without the office's button, and can turn the emails off in the settings.
  await page.context().clearCookies();
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/dashboard/projects/${project.id}?section=reports`);
  await expect(page.getByRole("region", { name: "Weekly reports" }).getByRole("button", { name: /^Download Week of / })).toBeVisible();
  await expect(page.getByRole("button", { name: "Make this week's report" })).toHaveCount(0);
  await page.goto("/settings#notifications");
  await expect(page.getByRole("group", { name: "Your project's weekly progress report is ready" })).toBeVisible();
});
