import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { docxOf, windowsProgram, xlsxOf, zipOf } from "../src/server/testing/zip";
import { PASSWORD, signIn, uniqueEmail, verifyFromEmail } from "./accounts";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test, waitForHydration } from "./fixtures";
import { latestMail } from "./mail-server";
import { clientWithAProject, createProject, pdfFile, staffAccount, uniqueName } from "./projects-kit";

// Each journey uploads or registers through several screens and checks them with axe: slow on a busy machine.
test.describe.configure({ timeout: 300_000 });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

async function uploadDocument(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, folder: string, title = "") {
  const upload = page.getByRole("region", { name: "Upload a document" });
  await upload.getByLabel("File").setInputFiles(file);
  await upload.getByLabel("Folder").selectOption({ label: folder });
  await upload.getByLabel("Title").fill(title);
  await upload.getByRole("button", { name: "Upload document" }).click();
}

test("the office uploads Word, Excel, ZIP and PNG files into folders, is told why a macro or a program is refused, and keeps version 1 beside version 2", async ({
  page,
  request,
}) => {
  const { office, project } = await clientWithAProject(request, {
    staff: "Halima",
    client: "Emeka",
    project: "Jabi lake villas ",
    description: "Six villas by the lake.",
  });
  await signIn(page, office.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto(`/dashboard/projects/${project.id}?section=documents`);
  const list = page.getByRole("region", { name: "Documents" });
  await expect(list.getByText("No document yet.")).toBeVisible();

  const accepted = [
    { file: { name: "contract.docx", mimeType: "application/octet-stream", buffer: docxOf() }, folder: "Contract" },
    { file: { name: "valuation.xlsx", mimeType: "application/octet-stream", buffer: xlsxOf() }, folder: "Invoices" },
    {
      file: { name: "drawings.zip", mimeType: "application/zip", buffer: zipOf([{ name: "a.pdf", data: "%PDF-1.4" }]) },
      folder: "Drawings",
    },
    { file: { name: "permit-scan.png", mimeType: "image/png", buffer: PNG }, folder: "Approvals" },
  ];
  for (const { file, folder } of accepted) {
    await uploadDocument(page, file, folder);
    await expect(list.getByRole("region", { name: folder, exact: true }).getByText(file.name, { exact: false }).first()).toBeVisible();
  }

  const upload = page.getByRole("region", { name: "Upload a document" });
  const macros = "Files with macros (DOCM, XLSM or a macro inside) are not accepted: save it as DOCX or XLSX without macros.";
  // A .docm is refused before it is sent; one renamed .docx is refused by the server, from its content.
  await upload
    .getByLabel("File")
    .setInputFiles({ name: "payments.docm", mimeType: "application/octet-stream", buffer: docxOf("x", { macros: true }) });
  await expect(upload.getByRole("alert")).toHaveText(macros);
  await uploadDocument(
    page,
    { name: "payments.docx", mimeType: "application/octet-stream", buffer: docxOf("x", { macros: true }) },
    "Contract",
  );
  await expect(upload.getByRole("alert")).toHaveText(macros);
  await uploadDocument(
    page,
    { name: "tools.zip", mimeType: "application/zip", buffer: zipOf([{ name: "setup.exe", data: windowsProgram() }]) },
    "Other",
  );
  await expect(upload.getByRole("alert")).toHaveText("The ZIP holds a program or script (setup.exe): these are not accepted.");
  await expect(list.getByText("payments.docx")).toHaveCount(0);
  await expect(list.getByText("tools.zip")).toHaveCount(0);

  // The same name in the same folder: version 2, with version 1 kept and downloadable.
  await uploadDocument(page, pdfFile("site-plan.pdf"), "Drawings", "Site plan");
  await expect(list.getByText("Site plan", { exact: true })).toBeVisible();
  const revised = { ...pdfFile("site-plan.pdf"), buffer: Buffer.concat([pdfFile("x").buffer, Buffer.from("% rev B\n")]) };
  await uploadDocument(page, revised, "Drawings");
  await expect(page.getByText("Version 2 uploaded.", { exact: true })).toBeVisible();
  const drawings = list.getByRole("region", { name: "Drawings", exact: true });
  await expect(drawings.getByText("Version 2", { exact: true })).toBeVisible();
  await drawings.getByText("Earlier versions (1 version)").click();
  const downloading = page.waitForEvent("download");
  await drawings.getByRole("button", { name: "Download Site plan, version 1" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("site-plan.pdf");
  expect((await readFile(await download.path())).equals(pdfFile("x").buffer)).toBe(true);

  // One folder at a time.
  await list.getByLabel("Show folder").selectOption("invoices");
  await expect(list.getByText("valuation.xlsx", { exact: true })).toBeVisible();
  await expect(list.getByText("contract.docx", { exact: true })).toHaveCount(0);
  await list.getByLabel("Show folder").selectOption("");
  await expect(list.getByText("contract.docx", { exact: true })).toBeVisible();

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await expectNoSeriousViolations(page);
  }
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoHorizontalOverflow(page, "the Documents section");
});

/** The link of the newest invitation mail to this address, as a path of the site. */
async function invitationPath(email: string): Promise<string> {
  const mail = await latestMail(email, "Your project");
  const text = mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const link = /https?:\/\/[^/\s]+(\/register\?invitation=[\w-]+)/.exec(text)?.[1];
  if (!link) throw new Error(`no invitation link in the mail to ${email}`);
  return link;
}

test("the office invites a client by email; the link opens the registration filled in, and after confirming and signing in the client lands on the project", async ({
  browser,
  page,
  request,
}) => {
  const office = await staffAccount(request, "Projects", "Sadiq");
  const project = await createProject(request, office, {
    title: uniqueName("Katampe hillside homes "),
    description: "Four homes on the hill.",
    category: "residential",
    city: "Abuja",
  });
  const firstName = uniqueName("Funke");
  const email = uniqueEmail(firstName.toLowerCase());

  await signIn(page, office.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto(`/dashboard/projects/${project.id}`);
  await page.getByRole("button", { name: "Invite the client" }).click();
  const dialog = page.getByRole("dialog", { name: `Invite the client of ${project.title}` });
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByText("Enter the client's name.")).toBeVisible();
  // Checked as the dialog stands, not with the pointer resting on its button.
  await page.mouse.move(0, 0);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await expectNoSeriousViolations(page);
  }
  await dialog.getByLabel("Client's name").fill(`${firstName} Adeyemi`);
  await dialog.getByLabel("Client's email").fill(email);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent.", { exact: true })).toBeVisible();

  const invited = await browser.newContext();
  const client = await invited.newPage();
  await client.goto(await invitationPath(email));
  await waitForHydration(client);
  await expect(client.getByText(`You are invited to follow ${project.title}.`)).toBeVisible();
  await expect(client.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(client.getByLabel("First name")).toHaveValue(firstName);
  await expect(client.getByLabel("Last name")).toHaveValue("Adeyemi");
  for (const scheme of ["light", "dark"] as const) {
    await client.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await expectNoSeriousViolations(client);
  }
  await client.setViewportSize({ width: 360, height: 780 });
  await expectNoHorizontalOverflow(client, "the registration with an invitation");
  await client.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await client.getByLabel("Confirm password").fill(PASSWORD);
  await client.getByRole("button", { name: "Create account" }).click();
  await expect(client).toHaveURL(/\/verify-email\?.*invitation=/);
  await verifyFromEmail(client, email);
  await client.getByRole("link", { name: "Go to sign in" }).click();
  await expect(client).toHaveURL("/login");
  await client.getByLabel("Email", { exact: true }).fill(email);
  await client.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await client.getByRole("button", { name: "Sign in" }).click();
  await expect(client).toHaveURL(`/dashboard/projects/${project.id}`);
  await expect(client.getByRole("heading", { level: 1 })).toHaveText(project.title);
  await invited.close();

  // The project now has its client: the office no longer offers to invite one.
  await page.reload();
  // The reload restores the session first: on a busy machine that takes longer than a click.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(project.title, { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Invite the client" })).toHaveCount(0);
});
