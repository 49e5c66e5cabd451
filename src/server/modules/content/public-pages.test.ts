import { beforeAll, describe, expect, it } from "vitest";
import { blogCategories } from "../../../shared/content.js";
import { contentDir } from "../../paths.js";
import { readPage } from "../../testing/html.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { type ContentFiles, readContentFiles } from "./content-files.js";

const ORIGIN = "https://www.crestbuild.test";
// The pages only read: one server for the whole file.
const { server } = setUpTestServer({}, { once: true });
let content: ContentFiles;
beforeAll(async () => {
  content = await readContentFiles(contentDir);
});

async function getPage(path: string) {
  const response = await fetch(server().url(path));
  return { status: response.status, headers: response.headers, page: readPage(await response.text()) };
}

function newestPost() {
  return [...content.posts].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0];
}

describe("server-rendered public pages", () => {
  const cases: { path: string; h1: () => string }[] = [
    { path: "/", h1: () => content.company.hero.heading },
    { path: "/about", h1: () => content.about.heading },
    { path: "/services", h1: () => "Construction services" },
    { path: "/services/residential", h1: () => content.services.find((service) => service.slug === "residential")?.name ?? "" },
    { path: "/services/infrastructure", h1: () => content.services.find((service) => service.slug === "infrastructure")?.name ?? "" },
    { path: "/projects", h1: () => "Our Projects" },
    { path: "/contact", h1: () => "Contact Us" },
    { path: "/privacy", h1: () => "Privacy notice" },
    { path: "/terms", h1: () => "Terms of use" },
    { path: "/blog", h1: () => "Blog" },
    ...blogCategories.map((category) => ({ path: `/blog/${category.slug}`, h1: () => `${category.name} articles` })),
  ];

  it.each(cases)("$path answers 200 with its heading, head tags and company JSON-LD in the first HTML", async ({ path, h1 }) => {
    const { status, headers, page } = await getPage(path);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("text/html");
    expect(page.h1).toEqual([h1()]);
    expect(page.title.length).toBeGreaterThan(10);
    expect(page.meta("description")?.length).toBeGreaterThan(30);
    expect(page.meta("keywords")?.length).toBeGreaterThan(3);
    expect(page.canonical).toBe(`${ORIGIN}${path}`);
    expect(page.meta("og:url")).toBe(`${ORIGIN}${path}`);
    expect(page.meta("og:title")).toBe(page.title);
    expect(page.meta("twitter:card")).toBe("summary_large_image");
    const organization = page.jsonLd.find((data) => data["@type"] === "GeneralContractor");
    expect(organization).toMatchObject({
      name: content.company.name,
      foundingDate: "2007",
      address: { addressLocality: "Abuja" },
      aggregateRating: { ratingValue: 4.8, reviewCount: 150 },
    });
  });

  it("gives every page its own title and description", async () => {
    const pages = await Promise.all(cases.map(({ path }) => getPage(path)));
    expect(new Set(pages.map(({ page }) => page.title)).size).toBe(cases.length);
    expect(new Set(pages.map(({ page }) => page.meta("description"))).size).toBeGreaterThan(cases.length - 3);
  });

  it("renders the home page's services, projects and latest posts from the database", async () => {
    const { page } = await getPage("/");
    for (const service of content.services) expect(page.bodyText).toContain(service.name);
    expect(page.bodyText).toContain(newestPost()?.title);
    expect(page.bodyText).toContain("Rated 4.8 from 150 reviews");
  });

  it("renders a blog post with its Markdown as HTML and BlogPosting structured data", async () => {
    const post = newestPost();
    if (!post) throw new Error("no posts in content/blog");
    const response = await fetch(server().url(`/blog/${post.category}/${post.slug}`));
    const html = await response.text();
    const page = readPage(html);
    expect(response.status).toBe(200);
    expect(page.h1).toEqual([post.title]);
    expect(page.canonical).toBe(`${ORIGIN}/blog/${post.category}/${post.slug}`);
    expect(page.meta("og:type")).toBe("article");
    expect(page.jsonLd.find((data) => data["@type"] === "BlogPosting")).toMatchObject({ headline: post.title });
    expect(html).toMatch(/<h2[^>]*>/);
  });

  it("lists only the chosen category's posts on a blog category page", async () => {
    const category = "technology";
    const { page } = await getPage(`/blog/${category}`);
    const postLinks = page.links.filter((href) => href?.match(/^\/blog\/[a-z-]+\/[a-z0-9-]+$/));
    expect(postLinks.length).toBeGreaterThan(0);
    for (const href of postLinks) expect(href).toMatch(new RegExp(`^/blog/${category}/`));
  });

  it("renders a portfolio project's case study: its summary, category, place, year and cover, linked from /projects", async () => {
    const [project] = content.portfolio;
    if (!project) throw new Error("content/portfolio.json has no project");
    const path = `/projects/${project.slug}`;
    const { status, headers, page } = await getPage(path);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=30");
    expect(page.h1).toEqual([project.title]);
    expect(page.bodyText).toContain(project.publicSummary);
    expect(page.bodyText).toContain("Residential");
    expect(page.bodyText).toContain(`${project.city}, ${project.state}, ${project.country}`);
    expect(page.bodyText).toMatch(new RegExp(`Completed \\w+ ${project.completedOn?.slice(0, 4)}`));
    // The team's own description is not the public's.
    expect(page.bodyText).not.toContain(project.description.slice(0, 60));
    expect(page.canonical).toBe(`${ORIGIN}${path}`);
    expect(page.meta("description")?.length).toBeGreaterThan(30);
    expect(page.meta("og:image")).toContain(project.coverImage);
    expect(page.jsonLd).toContainEqual(expect.objectContaining({ "@type": "CreativeWork", name: project.title }));
    expect(page.links).toContain("/projects");
    const listing = await getPage(`/projects?category=${project.category}`);
    expect(listing.page.links).toContain(path);
    const everyCard = (await getPage("/projects")).page.links.filter((link) => /^\/projects\/[a-z0-9-]+$/.test(link ?? ""));
    expect(everyCard).toHaveLength(6);
  });

  it("filters the portfolio by category through a crawlable link and paginates it", async () => {
    const { page } = await getPage("/projects?category=infrastructure");
    const expected = content.portfolio.filter((project) => project.category === "infrastructure");
    for (const project of expected.slice(0, 6)) expect(page.bodyText).toContain(project.title);
    const other = content.portfolio.find((project) => project.category === "residential");
    expect(page.bodyText).not.toContain(other?.title);
    const all = await getPage("/projects");
    expect(all.page.links).toContain("/projects?category=infrastructure");
    if (content.portfolio.length > 6) {
      expect(all.page.links).toContain("/projects?page=2");
      expect((await getPage("/projects?page=2")).status).toBe(200);
    }
  });
});

describe("pages that do not exist", () => {
  it.each([
    "/no-such-page",
    "/services/underwater-basket-weaving",
    "/blog/gossip",
    "/blog/technology/no-such-post",
    "/projects?category=unknown",
    "/projects/no-such-project",
    "/projects/Not_A_Slug!",
    "/blog?page=99",
  ])("%s answers 404 with the Page Not Found screen and a link home", async (path) => {
    const { status, page } = await getPage(path);
    expect(status).toBe(404);
    expect(page.h1).toEqual(["Page Not Found"]);
    expect(page.links).toContain("/");
  });

  it("answers 404 for a post asked for under the wrong category", async () => {
    const post = content.posts.find((candidate) => candidate.category !== "company-news");
    const { status } = await getPage(`/blog/company-news/${post?.slug}`);
    expect(status).toBe(404);
  });
});

describe("sitemap and robots", () => {
  it("lists every public page and post with a last-modified date", async () => {
    const response = await fetch(server().url("/sitemap.xml"));
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)];
    const locations = urls.map((match) => match[1]);
    for (const path of ["/", "/about", "/services", "/projects", "/contact", "/privacy", "/terms", "/blog"]) {
      expect(locations).toContain(`${ORIGIN}${path}`);
    }
    for (const service of content.services) expect(locations).toContain(`${ORIGIN}/services/${service.slug}`);
    for (const post of content.posts) expect(locations).toContain(`${ORIGIN}/blog/${post.category}/${post.slug}`);
    for (const project of content.portfolio) expect(locations).toContain(`${ORIGIN}/projects/${project.slug}`);
    for (const match of urls) expect(Number.isNaN(Date.parse(match[2] ?? ""))).toBe(false);
  });

  it("allows the public site and keeps crawlers out of the portal", async () => {
    const text = await (await fetch(server().url("/robots.txt"))).text();
    expect(text).toContain("Allow: /\n");
    for (const path of ["/dashboard", "/admin", "/settings", "/login", "/api/"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("scripts", () => {
  const scriptFiles = (html: string) => {
    const listed = /\}\)\((\{"entryScript".*?\})\s*,\s*document\.currentScript\.nonce\)/.exec(html)?.[1];
    return listed ? (JSON.parse(listed) as { entryScript: string; modulePreloads: string[] }) : null;
  };

  it("a public page starts its scripts once it has loaded, from the server's list: the entry, the shared chunk and the page's own", async () => {
    const html = await (await fetch(server().url("/about"))).text();
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    const files = scriptFiles(html);
    expect(files?.entryScript).toMatch(/^\/assets\/entry-client-[\w-]+\.js$/);
    expect(files?.modulePreloads.some((file) => /^\/assets\/app-[\w-]+\.js$/.test(file))).toBe(true);
    expect(files?.modulePreloads.some((file) => /^\/assets\/AboutPage-[\w-]+\.js$/.test(file))).toBe(true);
    expect(html).toMatch(/addEventListener\("load"/);
    // ...and once its first paint is on screen (the browser's paint entry).
    expect(html).toContain('observe({type:"paint",buffered:true})');
  });

  it("a signed-in screen (its HTML is the splash) fetches its scripts with the HTML, the company details with it", async () => {
    const html = await (await fetch(server().url("/dashboard"))).text();
    const state = JSON.parse(/<script id="app-state" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}");
    expect(state.siteData["/content/company"]).toMatchObject({ name: expect.any(String), email: expect.any(String) });
    expect(scriptFiles(html)).toBeNull();
    expect(html).toMatch(/<script type="module" nonce="[^"]+" src="\/assets\/entry-client-[\w-]+\.js"/);
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/DashboardPage-[\w-]+\.js"/);
  });

  it("a sign-in screen (its HTML is the screen) starts its scripts as a public page does, its own chunks in the list", async () => {
    const html = await (await fetch(server().url("/login"))).text();
    expect(html).not.toContain('<script type="module"');
    const files = scriptFiles(html);
    expect(files?.entryScript).toMatch(/^\/assets\/entry-client-[\w-]+\.js$/);
    for (const chunk of ["portal-shell", "LoginPage", "AuthLayout"])
      expect(
        files?.modulePreloads.some((file) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(file)),
        chunk,
      ).toBe(true);
  });

  // The build's `portal` group (the session, the query cache, the HTTP client; decision 110) is one file, named
  // portal-<8-character hash>: a public page that imported one of its modules would fetch all of it.
  const portalChunk = /^\/assets\/portal-[\w-]{8}\.js$/;

  it("no public page fetches the portal's shared code (the session, the query cache); the sign-in screens do", async () => {
    for (const path of ["/", "/about", "/services", "/projects", "/contact", "/blog", "/no-such-page"]) {
      const files = scriptFiles(await (await fetch(server().url(path))).text());
      expect(files, path).not.toBeNull();
      expect(
        files?.modulePreloads.filter((file) => portalChunk.test(file)),
        path,
      ).toEqual([]);
    }
    const signIn = scriptFiles(await (await fetch(server().url("/login"))).text());
    expect(signIn?.modulePreloads.filter((file) => portalChunk.test(file))).toHaveLength(1);
  });

  it("the sign-in screens come rendered (the form is in the first HTML, the identity providers with it); the signed-in ones as the splash", async () => {
    for (const [path, heading] of [
      ["/login", "Sign in"],
      ["/register", "Create your account"],
      ["/forgot-password", "Reset your password"],
    ] as const) {
      const html = await (await fetch(server().url(path))).text();
      const page = readPage(html);
      expect(page.h1, path).toEqual([heading]);
      expect(html, path).toMatch(/<input[^>]+type="email"/);
      expect(html, path).not.toContain("Preparing your experience...");
      expect(html, path).toMatch(/<meta [^>]*name="robots" content="noindex">/);
    }
    const login = await (await fetch(server().url("/login"))).text();
    expect(login).toMatch(/<input[^>]+type="password"[^>]+autoComplete="current-password"/);
    expect(login).toMatch(/<button type="submit"[^>]*>Sign in<\/button>/);
    const state = JSON.parse(/<script id="app-state" type="application\/json">(.*?)<\/script>/s.exec(login)?.[1] ?? "{}");
    expect(state.siteData["/auth/oidc/providers"]).toEqual({ providers: [] });

    // Its forms are sent by POST: one sent before the scripts ran goes back to its page, nothing read, no password in
    // an address; only to this site.
    for (const [path, back] of [
      ["/login", "/login"],
      ["/register?x=1", "/register"],
      ["//elsewhere.test/login", "/login"],
    ] as const) {
      const sent = await fetch(server().url(path), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=ada%40crestbuild.ng&password=Secret-password-1",
        redirect: "manual",
      });
      expect(sent.status, path).toBe(303);
      expect(sent.headers.get("location"), path).toBe(back);
    }
    const asJson = await fetch(server().url("/api/auth/login"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=ada%40crestbuild.ng&password=Secret-password-1",
    });
    expect(asJson.status).toBe(415);

    const dashboard = await (await fetch(server().url("/dashboard"))).text();
    expect(dashboard).toContain("Preparing your experience...");
    expect(dashboard).not.toMatch(/<input/);
  });
});

describe("security headers", () => {
  it("sends a nonce-based CSP whose nonce is the one on the page's scripts, and forbids framing", async () => {
    const response = await fetch(server().url("/"));
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("keeps a window that opened a signed-in screen from holding it (Cross-Origin-Opener-Policy), unless the person opened it themselves; never on the public pages nor the sign-in screens", async () => {
    // Sec-Fetch-Site: what the browser says started the navigation ("none": the address bar, a bookmark, a new tab).
    for (const path of ["/dashboard", "/admin", "/settings"]) {
      for (const [site, policy] of [
        ["cross-site", "same-origin"],
        ["same-site", "same-origin"],
        ["same-origin", "same-origin"],
        [undefined, "same-origin"],
        ["none", null],
      ] as const) {
        const response = await fetch(server().url(path), { headers: site ? { "sec-fetch-site": site } : {} });
        expect(response.status, path).toBe(200);
        expect(response.headers.get("cross-origin-opener-policy"), `${path} from ${site}`).toBe(policy);
        // A shared cache keeps the two answers apart.
        expect(response.headers.get("vary"), path).toContain("sec-fetch-site");
      }
    }
    for (const path of ["/", "/blog", "/contact", "/login", "/register", "/forgot-password"]) {
      const response = await fetch(server().url(path), { headers: { "sec-fetch-site": "cross-site" } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cross-origin-opener-policy"), path).toBeNull();
    }
  });

  it("answers the API with a CSP under which nothing loads or runs, and no nonce to make", async () => {
    const response = await fetch(server().url("/api/content/company"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("pictures", () => {
  it("sends the home page's pictures as WebP in the widths a screen may need, the hero preloaded in them", async () => {
    const html = await (await fetch(server().url("/"))).text();
    const hero = /<img [^>]*fetchPriority="high"[^>]*>/.exec(html)?.[0] ?? "";
    const srcSet = /srcSet="([^"]+)"/.exec(hero)?.[1] ?? "";
    const files = srcSet.split(", ").map((candidate) => candidate.split(" "));
    expect(files.map(([, width]) => width)).toEqual(["400w", "800w", "1200w"]);
    expect(hero).toMatch(/sizes="[^"]*100vw"/);
    expect(html).toContain(`<link rel="preload" as="image" imageSrcSet="${srcSet}"`);
    for (const [file = ""] of files) {
      const response = await fetch(server().url(file));
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type"), file).toBe("image/webp");
    }
    // The site's pictures and the logo are no SVG <img>: each would be a document built on the page's main thread.
    expect(html).not.toMatch(/<img [^>]*src="[^"]+\.svg"/);
  });
});
