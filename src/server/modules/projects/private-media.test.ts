import { beforeEach, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { pngImage } from "../../testing/images.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { photo } from "./test-fixtures.js";

const { server, call, upload, people, createProject } = setUpTestServer();

let admin: SignedIn;
let client: SignedIn;
let otherClient: SignedIn;
let teamMember: SignedIn;
let projectId: number;

beforeEach(async () => {
  admin = await people.admin();
  client = await people.client("ngozi@example.com");
  otherClient = await people.client("musa@example.com");
  teamMember = await people.staff("hr.team@crestbuild.ng", "HR");
  projectId = await createProject(admin, { clientId: client.id, teamIds: [teamMember.id] });
});

const fetchAs = (url: string, who?: SignedIn, headers: Record<string, string> = {}) =>
  fetch(server().url(url), { headers: { ...(who ? who.auth : {}), ...headers } });

async function uploadProjectPhoto(): Promise<{ thumbUrl: string; galleryUrl: string }> {
  const answer = await upload(`/projects/${projectId}/images`, [photo(await pngImage(), "slab.png", "image/png")], admin.auth);
  expect(answer.status).toBe(201);
  return answer.body.data.photos[0];
}

describe("private media: project and site-diary photos", () => {
  it("serves a photo to a reader of the project with private caching, and 404 to a non-reader and to an anonymous caller", async () => {
    const { thumbUrl, galleryUrl } = await uploadProjectPhoto();
    expect(thumbUrl).toMatch(new RegExp(`^/api/media/projects/${projectId}/[0-9a-f-]{36}-thumb\\.webp$`));
    for (const url of [thumbUrl, galleryUrl]) {
      const served = await fetchAs(url, client);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("private, max-age=300");
      expect((await fetchAs(url, otherClient)).status).toBe(404);
      expect((await fetchAs(url)).status).toBe(404);
      // Where it used to be public, and the same file under another project's id: nothing.
      expect((await fetchAs(url.replace("/api/media/", "/uploads/"))).status).toBe(404);
      expect((await fetchAs(url.replace(`/projects/${projectId}/`, `/projects/${projectId + 1}/`), admin)).status).toBe(404);
    }
    const refused = await fetchAs(thumbUrl, otherClient);
    expect(await refused.json()).toMatchObject({ success: false, error: "not_found" });
  });

  it("serves the photos of a site-diary update to the project's readers only", async () => {
    const posted = await upload(`/projects/${projectId}/updates`, [photo(await pngImage(), "roof.png", "image/png")], admin.auth, {
      body: "Roof trusses up.",
    });
    expect(posted.status).toBe(201);
    const { items } = (await call(`/projects/${projectId}/updates`, undefined, client.auth)).body.data;
    const { thumbUrl } = items[0].photos[0];
    expect((await fetchAs(thumbUrl, client)).status).toBe(200);
    expect((await fetchAs(thumbUrl, otherClient)).status).toBe(404);
    expect((await fetchAs(thumbUrl)).status).toBe(404);
  });

  it("takes the photos away from a team member removed from the project, at once", async () => {
    const { galleryUrl } = await uploadProjectPhoto();
    expect((await fetchAs(galleryUrl, teamMember)).status).toBe(200);
    expect((await call(`/projects/${projectId}`, { teamIds: [] }, admin.auth, "PUT")).status).toBe(200);
    expect((await fetchAs(galleryUrl, teamMember)).status).toBe(404);
  });

  it("lets the browser show photos with the httpOnly media cookie set at sign-in, and forgets it at sign-out", async () => {
    const { thumbUrl } = await uploadProjectPhoto();
    const login = await fetch(server().url("/api/auth/login"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: client.email, password: TEST_PASSWORD }),
    });
    const cookieNamed = (headers: Headers, name: string) => headers.getSetCookie().find((line) => line.startsWith(`${name}=`)) ?? "";
    const mediaCookie = cookieNamed(login.headers, "cb_media");
    for (const attribute of ["Max-Age=900", "Path=/api/media", "HttpOnly", "Secure", "SameSite=Strict"])
      expect(mediaCookie).toContain(`; ${attribute}`);
    const cookie = mediaCookie.split(";")[0] ?? "";
    expect((await fetchAs(thumbUrl, undefined, { cookie })).status).toBe(200);

    // Signing out as the browser does (the refresh token in its cookie) clears the media cookie too.
    const logout = await fetch(server().url("/api/auth/logout"), {
      method: "POST",
      headers: { "content-type": "application/json", cookie: cookieNamed(login.headers, "cb_refresh").split(";")[0] ?? "" },
      body: "{}",
    });
    expect(logout.status).toBe(200);
    expect(cookieNamed(logout.headers, "cb_media")).toMatch(/^cb_media=;/);
    // The session is over: the cookie's token no longer opens anything, even if a browser kept it.
    expect((await fetchAs(thumbUrl, undefined, { cookie })).status).toBe(404);
  });

  it("shows the cover of a portfolio project to everyone, long-cached, and no other photo of it", async () => {
    const { galleryUrl, thumbUrl } = await uploadProjectPhoto();
    const consent = (agrees: boolean) => call(`/projects/${projectId}/portfolio-consent`, { consent: agrees }, client.auth, "PUT");
    expect((await consent(true)).status).toBe(200);
    expect((await call(`/projects/${projectId}`, { isPortfolio: true, publicSummary: "A family home." }, admin.auth, "PUT")).status).toBe(
      200,
    );
    const cover = await fetchAs(galleryUrl);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await fetchAs(thumbUrl)).status).toBe(404);
    expect((await call(`/projects/${projectId}`, { isPortfolio: false }, admin.auth, "PUT")).status).toBe(200);
    expect((await fetchAs(galleryUrl)).status).toBe(404);

    // Its client withdrawing takes the cover off the public site at once.
    expect((await call(`/projects/${projectId}`, { isPortfolio: true }, admin.auth, "PUT")).status).toBe(200);
    expect((await fetchAs(galleryUrl)).status).toBe(200);
    expect((await consent(false)).status).toBe(200);
    expect((await fetchAs(galleryUrl)).status).toBe(404);
  });

  it("shows Digital Marketing the cover of a project offered to the portfolio, privately, and nothing of one not offered", async () => {
    const marketing = await people.staff("marketing@crestbuild.ng", "Digital Marketing");
    const { galleryUrl, thumbUrl } = await uploadProjectPhoto();
    expect((await fetchAs(galleryUrl, marketing)).status).toBe(404);
    expect((await call(`/projects/${projectId}/portfolio-consent`, { consent: true }, client.auth, "PUT")).status).toBe(200);
    const cover = await fetchAs(galleryUrl, marketing);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("cache-control")).toBe("private, max-age=300");
    expect((await fetchAs(thumbUrl, marketing)).status).toBe(404);
    // Only the portfolio's people: another department sees nothing of a project it does not read.
    expect((await fetchAs(galleryUrl, await people.staff("hr.other@crestbuild.ng", "HR"))).status).toBe(404);
    expect((await fetchAs(galleryUrl)).status).toBe(404);
  });
});

describe("private media: message attachments", () => {
  it("serves a photo of a message to those who may open the conversation, and 404 to anyone else", async () => {
    const { conversation } = (await call(`/conversations/project/${projectId}`, undefined, client.auth)).body.data;
    const sent = await upload(
      `/conversations/${conversation.id}/messages`,
      [{ field: "attachments", name: "crack.png", type: "image/png", data: await pngImage() }],
      client.auth,
    );
    expect(sent.status).toBe(201);
    const [attachment] = sent.body.data.message.attachments;
    for (const url of [attachment.url, attachment.thumbUrl]) {
      expect(url).toMatch(new RegExp(`^/api/media/messages/${conversation.id}/`));
      const served = await fetchAs(url, teamMember);
      expect(served.status).toBe(200);
      expect(served.headers.get("cache-control")).toBe("private, max-age=300");
      expect((await fetchAs(url, otherClient)).status).toBe(404);
      expect((await fetchAs(url)).status).toBe(404);
      expect((await fetchAs(url.replace("/api/media/", "/uploads/"))).status).toBe(404);
    }
    expect((await call(`/projects/${projectId}`, { teamIds: [] }, admin.auth, "PUT")).status).toBe(200);
    expect((await fetchAs(attachment.url, teamMember)).status).toBe(404);
  });
});
