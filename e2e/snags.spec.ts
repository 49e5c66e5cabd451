import { signIn } from "./accounts";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { confirmedClient, createProject, sitePhoto, staffAccount, uniqueName } from "./projects-kit";

test("the team raises a snag with a photo and marks it fixed, the client closes it; the diary keeps the weather and the workers", async ({
  browser,
  request,
}) => {
  const office = await staffAccount(request, "Projects", "Tunde");
  const client = await confirmedClient(request, "Ngozi");
  const project = await createProject(request, office, {
    title: uniqueName("Asokoro terrace "),
    description: "Four terraced houses.",
    category: "residential",
    city: "Abuja",
    status: "in_progress",
    clientId: client.id,
    managerId: office.id,
  });

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, office.email);
  await expect(staffPage).toHaveURL("/dashboard/projects");
  await staffPage.goto(`/dashboard/projects/${project.id}?section=snags`);
  const list = staffPage.getByRole("region", { name: "Snags", exact: true });
  await expect(list.getByText("No snags yet.")).toBeVisible();

  const form = staffPage.getByRole("region", { name: "New snag" });
  await form.getByLabel("Title").fill("Cracked floor tile");
  await form.getByLabel("Location").fill("Kitchen, by the sink");
  await form.getByLabel("Assignee").selectOption({ label: `${office.firstName} Eze` });
  await form.getByLabel("Due date").fill("2027-01-15");
  await form.getByLabel("Add photos").setInputFiles([await sitePhoto("tile.png")]);
  await form.getByLabel(/Caption for photo 1/).fill("The crack");
  await form.getByRole("button", { name: "Raise snag" }).click();
  await expect(staffPage.getByText("Snag raised.", { exact: true })).toBeVisible();
  const snag = list.getByRole("article", { name: "Snag: Cracked floor tile" });
  await expect(snag).toContainText("Kitchen, by the sink");
  await expect(snag).toContainText(`Assigned to ${office.firstName} Eze.`);
  await expect(snag.getByRole("button", { name: "Open photo: The crack" })).toBeVisible();

  for (const scheme of ["light", "dark"] as const) {
    await staffPage.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await expectNoSeriousViolations(staffPage);
  }
  await staffPage.setViewportSize({ width: 360, height: 780 });
  await expectNoHorizontalOverflow(staffPage, `the Snags section at 360 px`);
  await staffPage.setViewportSize({ width: 1280, height: 800 });

  await snag.getByRole("button", { name: "Mark fixed: Cracked floor tile" }).click();
  await expect(staffPage.getByText("Snag marked fixed.", { exact: true })).toBeVisible();
  await expect(snag).toContainText("Fixed by");

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signIn(clientPage, client.email);
  await expect(clientPage).toHaveURL("/dashboard");
  await clientPage.goto(`/dashboard/projects/${project.id}?section=snags`);
  // Before handover the client reads the list and is told when they may raise snags themselves.
  await expect(clientPage.getByRole("region", { name: "New snag" })).toHaveCount(0);
  await expect(clientPage.getByText("You can raise snags from handover, once the project's completion date is recorded.")).toBeVisible();
  const clientList = clientPage.getByRole("region", { name: "Snags", exact: true });
  await clientList.getByRole("button", { name: /^Fixed/ }).click();
  const fixed = clientList.getByRole("article", { name: "Snag: Cracked floor tile" });
  await expect(fixed.getByRole("button", { name: "Mark fixed: Cracked floor tile" })).toHaveCount(0);
  await fixed.getByRole("button", { name: "Close: Cracked floor tile" }).focus();
  await clientPage.keyboard.press("Enter");
  await expect(clientPage.getByText("Snag closed.", { exact: true })).toBeVisible();
  await expect(clientList.getByText("No fixed snags.")).toBeVisible();
  await clientList.getByRole("button", { name: /^Closed/ }).click();
  await expect(clientList.getByRole("article", { name: "Snag: Cracked floor tile" })).toContainText("Closed by");
  await clientContext.close();

  await staffPage.goto(`/dashboard/projects/${project.id}?section=updates`);
  const post = staffPage.getByRole("region", { name: "Post a site update" });
  await post.getByLabel("What happened today").fill("Tiling of the kitchen finished.");
  await post.getByLabel("Weather").selectOption("Rain");
  await post.getByLabel("Workers on site").fill("18");
  await post.getByLabel("Delays").fill("Rain stopped work for two hours.");
  await post.getByRole("button", { name: "Post update" }).click();
  await expect(staffPage.getByText("Update posted.", { exact: true })).toBeVisible();
  const entry = staffPage.getByRole("region", { name: "Site updates" }).getByRole("article").first();
  const conditions = entry.getByRole("definition");
  await expect(entry).toContainText("Tiling of the kitchen finished.");
  await expect(conditions).toHaveText(["Rain", "18", "Rain stopped work for two hours."]);
  await staffContext.close();
});
