import { approvedStaff, signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { E2E_ADMIN } from "./site-under-test";

test("a Digital Marketing staffer publishes a post: it appears on the blog and in the sitemap, and unpublishing removes it", async ({
  page,
  browser,
  request,
}) => {
  const email = await approvedStaff(request, "Digital Marketing", "Kemi");
  const title = `Rainy season site safety ${Date.now()}`;
  await signIn(page, email);
  await expect(page).toHaveURL("/dashboard/digital-marketing");
  const blog = page.getByRole("region", { name: "Blog posts" });
  await blog.getByRole("button", { name: "New post" }).click();

  await blog.getByLabel("Title").fill(title);
  await blog.getByLabel("Category").selectOption("technology");
  await blog.getByLabel("Excerpt").fill("How our crews keep Abuja sites safe when the rains come.");
  await blog.getByLabel("Keywords").fill("site safety, rainy season");
  await blog
    .getByLabel("Body")
    .fill("## Before the first rain\n\nEvery trench is shored and every scaffold is **tied in**.\n\n- Hard hats\n- Boots");
  const preview = blog.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Before the first rain" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("tied in");
  await expect(preview.getByRole("listitem")).toHaveCount(2);

  await blog.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Post published.", { exact: true })).toBeVisible();
  const viewOnSite = blog.getByRole("link", { name: "View on the site" });
  await expect(viewOnSite).toBeVisible();
  const path = (await viewOnSite.getAttribute("href")) ?? "";
  expect(path).toMatch(/^\/blog\/technology\/rainy-season-site-safety-\d+$/);

  // A visitor finds it on the blog and in the sitemap, and reads it.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/blog");
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
  expect(await (await request.get("/sitemap.xml")).text()).toContain(path);
  await visitor.goto(path);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(visitor.getByRole("heading", { name: "Before the first rain" })).toBeVisible();

  await blog.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("Post unpublished: it is a draft again.", { exact: true })).toBeVisible();
  await expect(blog.getByRole("link", { name: "View on the site" })).toHaveCount(0);
  await visitor.goto("/blog");
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: title })).toHaveCount(0);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(path);
  await visitorContext.close();

  // Back in the list, it is a draft again.
  await blog.getByRole("button", { name: "Back to the posts" }).click();
  await blog.getByRole("button", { name: /^Drafts/ }).click();
  await expect(blog.getByRole("list", { name: "Drafts" }).getByText(title)).toBeVisible();
});

test("a post is deleted only after confirming, and Escape keeps it", async ({ page, request }) => {
  const email = await approvedStaff(request, "Digital Marketing", "Bisi");
  const title = `Draft to delete ${Date.now()}`;
  await signIn(page, email);
  const blog = page.getByRole("region", { name: "Blog posts" });
  await blog.getByRole("button", { name: "New post" }).click();
  await blog.getByRole("button", { name: "Save draft" }).click();
  await expect(blog.getByText("Please enter a title (at least 3 characters).")).toBeVisible();
  await blog.getByLabel("Title").fill(title);
  await blog.getByLabel("Excerpt").fill("A draft that will not be kept.");
  await blog.getByLabel("Body").fill("Nothing to see.");
  await blog.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved.", { exact: true })).toBeVisible();

  const deleteButton = blog.getByRole("button", { name: "Delete", exact: true });
  await deleteButton.click();
  const dialog = page.getByRole("dialog", { name: "Delete this post?" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();

  await deleteButton.click();
  await dialog.getByRole("button", { name: "Delete the post" }).click();
  await expect(page.getByText("Post deleted.", { exact: true })).toBeVisible();
  await expect(blog.getByText(title)).toHaveCount(0);
});

test("a Digital Marketing staffer puts a project in the public portfolio with its summary, and takes it out", async ({
  page,
  browser,
  request,
}) => {
  // The project office's work, done here through the API as the admin: one of the company's own projects (no client,
  // so no one to ask), with no marketer on its team: Digital Marketing is offered every project under way or completed.
  const email = await approvedStaff(request, "Digital Marketing", "Tola");
  const title = `Jabi Lakeside Offices ${Date.now()}`;
  const admin = await request.post("/api/auth/login", { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  const { accessToken } = ((await admin.json()) as { data: { accessToken: string } }).data;
  const headers = { authorization: `Bearer ${accessToken}` };
  const created = await request.post("/api/projects", {
    headers,
    data: { title, description: "A four-storey office block by Jabi Lake.", category: "commercial", city: "Abuja", status: "in_progress" },
  });
  expect(created.status()).toBe(201);
  const { slug } = ((await created.json()) as { data: { slug: string } }).data;

  await signIn(page, email);
  const portfolio = page.getByRole("region", { name: "Portfolio" });
  await portfolio.getByLabel("Search title, reference or city").fill(title);
  await portfolio.getByRole("button", { name: "Search" }).click();
  const project = portfolio.getByRole("form", { name: title });
  await project.getByLabel("Show on the public Projects page").check();
  await project.getByRole("button", { name: "Save" }).click();
  await expect(project.getByText("Write a public summary before showing the project in the portfolio.")).toBeVisible();
  await project.getByLabel(/Public summary/).fill("Four floors of offices with a view of Jabi Lake, built to green standards.");
  await project.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${title} is in the public portfolio.`, { exact: true })).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/projects?category=commercial");
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
  await expect(visitor.getByText("Four floors of offices with a view of Jabi Lake, built to green standards.")).toBeVisible();
  await visitor.getByRole("link", { name: title }).click();
  await expect(visitor).toHaveURL(`/projects/${slug}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  await visitor.goBack();

  await project.getByLabel("Show on the public Projects page").uncheck();
  await project.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${title} is not in the public portfolio.`, { exact: true })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: title })).toHaveCount(0);
  expect((await visitor.goto(`/projects/${slug}`))?.status()).toBe(404);
  await visitorContext.close();
});
