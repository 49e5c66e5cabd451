import { describe, expect, it } from "vitest";
import { setUpTestServer } from "../testing/set-up-test-server.js";

const { call, people, createProject } = setUpTestServer({}, { once: true });

describe("numeric query parameters are bounded: 400 beyond the bound, never 500", () => {
  it.each([
    "/projects?page=99999999999",
    "/projects?pageSize=101",
    "/projects/{project}/updates?before=99999999999",
    "/projects/{project}/images?before=99999999999",
    "/notifications?before=99999999999",
    "/conversations/1/messages?before=99999999999",
    "/conversations/1/messages?after=99999999999",
    "/conversations/1/messages?limit=100000",
    "/inquiries?page=99999999999",
    "/blog/manage/posts?page=99999999999",
    "/admin/users?page=99999999999",
    "/portfolio?page=99999999999",
    "/blog/posts?page=99999999999",
  ])("GET %s answers 400", async (path) => {
    const admin = await people.admin();
    const project = await createProject(admin);
    const answer = await call(path.replace("{project}", String(project)), undefined, admin.auth);
    expect(answer.status).toBe(400);
  });
});
