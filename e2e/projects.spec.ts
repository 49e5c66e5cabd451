import { signIn } from "./accounts";
import { expect, expectNoSeriousViolations, test } from "./fixtures";
import { clientWithAProject, confirmedClient, createProject, sitePhoto, staffAccount, uniqueName } from "./projects-kit";

test("a client sees only their own projects; another client's project page is not found", async ({ browser, request }) => {
  const office = await staffAccount(request, "Projects", "Office");
  const [ada, bola] = [await confirmedClient(request, "Ada"), await confirmedClient(request, "Bola")];
  const adaProject = await createProject(request, office, {
    title: uniqueName("Maitama duplex "),
    description: "A four-bedroom duplex.",
    category: "residential",
    city: "Abuja",
    clientId: ada.id,
  });
  const bolaProject = await createProject(request, office, {
    title: uniqueName("Wuse office block "),
    description: "Five floors of offices.",
    category: "commercial",
    city: "Abuja",
    clientId: bola.id,
  });

  for (const [client, own, other] of [
    [ada, adaProject, bolaProject],
    [bola, bolaProject, adaProject],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, client.email);
    await expect(page).toHaveURL("/dashboard");
    const projects = page.getByRole("region", { name: "Your projects" });
    await expect(projects.getByRole("link", { name: own.title })).toBeVisible();
    await expect(projects.getByText(own.reference)).toBeVisible();
    await expect(projects.getByRole("link", { name: other.title })).toHaveCount(0);

    await projects.getByRole("link", { name: own.title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(own.title);
    await page.goto(`/dashboard/projects/${other.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Project not found.");
    await expect(page.getByText(other.title)).toHaveCount(0);
    await context.close();
  }
});

test("a site update with photos appears live on the client's open project page; the lightbox opens, moves and closes from the keyboard", async ({
  browser,
  request,
}) => {
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Chidi",
    client: "Halima",
    project: "Jabi lakeside villa ",
    description: "A villa by the lake.",
  });

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signIn(clientPage, client.email);
  await expect(clientPage).toHaveURL("/dashboard");
  await clientPage.goto(`/dashboard/projects/${project.id}?section=updates`);
  const diary = clientPage.getByRole("region", { name: "Site updates" });
  await expect(diary.getByText("No site update yet.")).toBeVisible();
  // The client reads; posting is for the project team.
  await expect(clientPage.getByRole("region", { name: "Post a site update" })).toHaveCount(0);

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, office.email);
  await expect(staffPage).toHaveURL("/dashboard/projects");
  await staffPage.goto(`/dashboard/projects/${project.id}?section=updates`);
  const post = staffPage.getByRole("region", { name: "Post a site update" });
  await post.getByLabel("What happened today").fill("Ground floor slab poured and curing.");
  await post.getByLabel("Add photos").setInputFiles([await sitePhoto("slab.png"), await sitePhoto("rebar.png")]);
  await post.getByLabel(/Caption for photo 1/).fill("Slab poured");
  await post.getByLabel(/Caption for photo 2/).fill("Rebar checked");
  await post.getByRole("button", { name: "Post update" }).click();
  await expect(staffPage.getByText("Update posted.", { exact: true })).toBeVisible();
  await staffContext.close();

  // No reload: the server's push makes the open page fetch the diary again.
  await expect(diary.getByText("Ground floor slab poured and curing.")).toBeVisible();
  const photo = diary.getByRole("button", { name: "Open photo: Slab poured" });
  await expect(photo).toBeVisible();
  await expect(photo.locator("img")).toHaveJSProperty("complete", true);

  await photo.focus();
  await clientPage.keyboard.press("Enter");
  const lightbox = clientPage.getByRole("dialog");
  await expect(lightbox).toHaveAccessibleName("Photo 1 of 2");
  await expect(lightbox.getByRole("img", { name: "Slab poured" })).toBeVisible();
  await expect(lightbox.getByText("Slab poured", { exact: true })).toBeVisible();
  await clientPage.keyboard.press("ArrowRight");
  await expect(lightbox).toHaveAccessibleName("Photo 2 of 2");
  await expect(lightbox.getByText("Rebar checked", { exact: true })).toBeVisible();
  await clientPage.keyboard.press("ArrowRight");
  await expect(lightbox).toHaveAccessibleName("Photo 1 of 2");
  await clientPage.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
  await expect(photo).toBeFocused();
  await clientContext.close();
});

test("a client requests a project; the project office turns it into a planning project with a manager; the client sees it", async ({
  browser,
  page,
  request,
}) => {
  const office = await staffAccount(request, "Projects", "Musa");
  const client = await confirmedClient(request, "Yemi");
  const title = uniqueName("Asokoro guest house ");

  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByText("You have no project with us yet.")).toBeVisible();
  await page.getByRole("button", { name: "Request a new project" }).click();
  const form = page.getByRole("dialog", { name: "Request a new project" });
  await expect(form.getByLabel("Project title")).toBeFocused();
  await expectNoSeriousViolations(page);
  await form.getByLabel("Project title").fill(title);
  await form.getByLabel("Category").selectOption("residential");
  await form.getByLabel("Description").fill("Six en-suite rooms and a small restaurant.");
  await form.getByLabel("Site address").fill("12 Yakubu Gowon Crescent");
  await form.getByLabel("City").fill("Abuja");
  await form.getByLabel("State").fill("FCT");
  await form.getByLabel("Desired start").fill("2027-03-01");
  await form.getByRole("button", { name: "Send request" }).click();
  // The request answers once the whole project office is told, by email too: on the journeys' shared server that is
  // every project-office member the parallel journeys created, one SMTP delivery after another.
  await expect(form).toBeHidden({ timeout: 15_000 });
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: title }) });
  await expect(card.getByText("Requested", { exact: true })).toBeVisible();

  const officeContext = await browser.newContext();
  const officePage = await officeContext.newPage();
  await signIn(officePage, office.email);
  await expect(officePage).toHaveURL("/dashboard/projects");
  const requests = officePage.getByRole("region", { name: "Client requests" });
  await requests.getByRole("button", { name: `Turn ${title} into a project` }).click();
  const conversion = officePage.getByRole("dialog", { name: `Turn ${title} into a project` });
  // The plan starts from when the client would like to start.
  await expect(conversion.getByLabel(/^Start/)).toHaveValue("2027-03-01");
  await conversion.getByLabel("Project manager").selectOption({ label: `${office.firstName} Eze (Projects)` });
  await conversion.getByLabel("Budget (₦)").fill("85,000,000");
  await conversion.getByRole("button", { name: "Start planning" }).click();
  await expect(officePage.getByText(`${title} is now a project in planning.`, { exact: true })).toBeVisible();
  await expect(requests.getByRole("button", { name: `Turn ${title} into a project` })).toHaveCount(0);
  await officeContext.close();

  // The client's open dashboard follows, without a reload.
  await expect(card.getByText("Planning", { exact: true })).toBeVisible();
  await card.getByRole("link", { name: title }).click();
  await expect(
    page
      .getByRole("definition")
      .filter({ hasText: `${office.firstName} Eze` })
      .first(),
  ).toBeVisible();
});

test("the project office creates a project for a client found by name; the client sees it on their dashboard", async ({
  browser,
  page,
  request,
}) => {
  const office = await staffAccount(request, "Projects", "Bisi");
  const client = await confirmedClient(request, "Chidi");
  const title = uniqueName("Jabi lakeside office ");

  await signIn(page, office.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.getByRole("button", { name: "New project" }).click();
  const form = page.getByRole("dialog", { name: "New project" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Category").selectOption("commercial");
  await form.getByLabel("Description").fill("A four-storey office by Jabi Lake.");
  await form.getByLabel("City").fill("Abuja");
  await form.getByLabel("Find a client by name, email or company").fill(client.firstName);
  await form.getByRole("radio", { name: new RegExp(`^${client.firstName} Okafor`) }).check();
  await form.getByRole("button", { name: "Create project" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signIn(clientPage, client.email);
  await expect(clientPage).toHaveURL("/dashboard");
  await expect(clientPage.getByRole("article").getByRole("link", { name: title })).toBeVisible();
  // Their project's contacts are the people they reach: the project office sees the client's card, the client does not.
  await expect(page.getByRole("link", { name: `Email ${client.firstName} at ${client.email}` })).toBeVisible();
  await clientPage.getByRole("article").getByRole("link", { name: title }).click();
  await expect(clientPage.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(clientPage.getByText("No project manager assigned yet.")).toBeVisible();
  await expect(clientPage.getByRole("link", { name: `Email ${client.firstName} at ${client.email}` })).toHaveCount(0);
  await clientContext.close();
});
