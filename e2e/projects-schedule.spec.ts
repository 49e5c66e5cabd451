import { readFile } from "node:fs/promises";
import { signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { clientWithAProject, createProject, pdfFile, staffAccount, uniqueName } from "./projects-kit";

test("in milestones mode, the progress follows the milestones an editor ticks off", async ({ page, request }) => {
  const office = await staffAccount(request, "Projects", "Obinna");
  const project = await createProject(request, office, {
    title: uniqueName("Kubwa school "),
    description: "Twelve classrooms.",
    category: "commercial",
    city: "Abuja",
    progressMode: "milestones",
  });

  await signIn(page, office.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto(`/dashboard/projects/${project.id}?section=schedule`);
  const progress = page.getByRole("progressbar", { name: "Project progress" });
  await expect(progress).toHaveAttribute("aria-valuenow", "0");

  const addForm = page.getByRole("region", { name: "Add a milestone" });
  for (const [name, weight] of [
    ["Foundations", "1"],
    ["Roofing", "3"],
  ] as const) {
    await addForm.getByLabel("Milestone", { exact: true }).fill(name);
    await addForm.getByLabel("Weight").fill(weight);
    await addForm.getByRole("button", { name: "Add milestone" }).click();
    await expect(page.getByRole("list", { name: "Milestones" }).getByRole("heading", { name })).toBeVisible();
  }
  await expect(progress).toHaveAttribute("aria-valuenow", "0");

  await page.getByRole("button", { name: "Mark done: Foundations" }).click();
  // Foundations weighs 1 of 4.
  await expect(progress).toHaveAttribute("aria-valuenow", "25");
  await expect(page.getByText("1 of 2 milestones done. Progress follows them: 25%.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reopen: Foundations" })).toBeVisible();

  await page.getByRole("button", { name: "Mark done: Roofing" }).click();
  await expect(progress).toHaveAttribute("aria-valuenow", "100");
  await page.getByRole("button", { name: "Reopen: Foundations" }).click();
  await expect(progress).toHaveAttribute("aria-valuenow", "75");
});

test("an editor uploads a PDF and the client downloads it", async ({ browser, page, request }) => {
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Amina",
    client: "Tobi",
    project: "Life Camp terraces ",
    description: "Eight terraced houses.",
  });

  await signIn(page, office.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto(`/dashboard/projects/${project.id}?section=documents`);
  const upload = page.getByRole("region", { name: "Upload a document" });
  // Checked before it is sent: a document must be one of the kinds the server accepts.
  await upload.getByLabel("File").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("notes") });
  await expect(upload.getByRole("alert")).toHaveText(
    "Please upload a PDF, a drawing (DWG or DXF), a Word or Excel file (DOCX, XLSX), a JPG or PNG scan, or a ZIP.",
  );
  await upload.getByLabel("File").setInputFiles(pdfFile("structure-rev-b.pdf"));
  await upload.getByLabel("Title").fill("Structural drawings");
  await upload.getByRole("button", { name: "Upload document" }).click();
  await expect(page.getByText("Document uploaded.", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Documents" }).getByText("Structural drawings")).toBeVisible();

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signIn(clientPage, client.email);
  await expect(clientPage).toHaveURL("/dashboard");
  await clientPage.goto(`/dashboard/projects/${project.id}?section=documents`);
  await expect(clientPage.getByRole("region", { name: "Upload a document" })).toHaveCount(0);
  const downloading = clientPage.waitForEvent("download");
  await clientPage.getByRole("button", { name: "Download Structural drawings" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("structure-rev-b.pdf");
  const path = await download.path();
  expect((await readFile(path)).subarray(0, 5).toString()).toBe("%PDF-");
  await clientContext.close();
});
