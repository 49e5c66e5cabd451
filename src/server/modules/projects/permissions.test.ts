import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher } from "../../testing/mail-catcher.js";
import { startTestServer, type TestServer } from "../../testing/test-app.js";
import { type Actor, pdfDocument, photo, pngImage, projectsTestKit } from "./test-kit.js";

let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let server: TestServer;
const kit = projectsTestKit(
  () => server,
  () => mail,
);

type Role = "admin" | "projectsOffice" | "accounts" | "hrOnTeam" | "hrOutsider" | "marketing" | "owningClient" | "otherClient";
type Action =
  | "list"
  | "read"
  | "updateDetails"
  | "changeStatus"
  | "assignTeam"
  | "setPortfolio"
  | "delete"
  | "addMilestone"
  | "postUpdate"
  | "uploadImage"
  | "uploadDocument"
  | "downloadDocument"
  | "readStats";

/**
 * Two projects. A: the owning client's, managed by the Projects staffer, with the HR staffer on its
 * team. B: the other client's, with none of these staff on it. Each cell is "A/B": the answer for A,
 * then for B ("listed"/"hidden" for the list). 404 wherever the project must not be seen.
 */
const expected: Record<Role, Record<Action, string>> = {
  admin: {
    list: "listed/listed",
    read: "200/200",
    updateDetails: "200/200",
    changeStatus: "200/200",
    assignTeam: "200/200",
    setPortfolio: "200/200",
    delete: "204/204",
    addMilestone: "201/201",
    postUpdate: "201/201",
    uploadImage: "201/201",
    uploadDocument: "201/201",
    downloadDocument: "200/200",
    readStats: "200/200",
  },
  projectsOffice: {
    list: "listed/listed",
    read: "200/200",
    updateDetails: "200/200",
    changeStatus: "200/200",
    assignTeam: "200/200",
    setPortfolio: "403/403",
    delete: "403/403",
    addMilestone: "201/201",
    postUpdate: "201/201",
    uploadImage: "201/201",
    uploadDocument: "201/201",
    downloadDocument: "200/200",
    readStats: "200/200",
  },
  accounts: {
    list: "listed/listed",
    read: "200/200",
    updateDetails: "403/403",
    changeStatus: "403/403",
    assignTeam: "403/403",
    setPortfolio: "403/403",
    delete: "403/403",
    addMilestone: "403/403",
    postUpdate: "403/403",
    uploadImage: "403/403",
    uploadDocument: "403/403",
    downloadDocument: "200/200",
    readStats: "200/200",
  },
  hrOnTeam: {
    list: "listed/hidden",
    read: "200/404",
    updateDetails: "200/404",
    changeStatus: "200/404",
    assignTeam: "403/404",
    setPortfolio: "403/404",
    delete: "403/404",
    addMilestone: "201/404",
    postUpdate: "201/404",
    uploadImage: "201/404",
    uploadDocument: "201/404",
    downloadDocument: "200/404",
    readStats: "403/403",
  },
  hrOutsider: {
    list: "hidden/hidden",
    read: "404/404",
    updateDetails: "404/404",
    changeStatus: "404/404",
    assignTeam: "404/404",
    setPortfolio: "404/404",
    delete: "404/404",
    addMilestone: "404/404",
    postUpdate: "404/404",
    uploadImage: "404/404",
    uploadDocument: "404/404",
    downloadDocument: "404/404",
    readStats: "403/403",
  },
  // Marketing chooses the portfolio: only the portfolio fields, even on projects it cannot read.
  marketing: {
    list: "hidden/hidden",
    read: "404/404",
    updateDetails: "404/404",
    changeStatus: "404/404",
    assignTeam: "404/404",
    setPortfolio: "200/200",
    delete: "404/404",
    addMilestone: "404/404",
    postUpdate: "404/404",
    uploadImage: "404/404",
    uploadDocument: "404/404",
    downloadDocument: "404/404",
    readStats: "403/403",
  },
  owningClient: {
    list: "listed/hidden",
    read: "200/404",
    updateDetails: "403/404",
    changeStatus: "403/404",
    assignTeam: "403/404",
    setPortfolio: "403/404",
    delete: "403/404",
    addMilestone: "403/404",
    postUpdate: "403/404",
    uploadImage: "403/404",
    uploadDocument: "403/404",
    downloadDocument: "200/404",
    readStats: "403/403",
  },
  otherClient: {
    list: "hidden/listed",
    read: "404/200",
    updateDetails: "404/403",
    changeStatus: "404/403",
    assignTeam: "404/403",
    setPortfolio: "404/403",
    delete: "404/403",
    addMilestone: "404/403",
    postUpdate: "404/403",
    uploadImage: "404/403",
    uploadDocument: "404/403",
    downloadDocument: "404/200",
    readStats: "403/403",
  },
};

type Project = { id: number; reference: string; parties: Record<string, unknown>; teamIds: string[]; documentId: number };

let people: Record<Role, Actor>;
let projectA: Project;
let projectB: Project;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url });
  const admin = await kit.admin();
  people = {
    admin,
    projectsOffice: await kit.staff("office@crestbuild.ng", "Projects", admin),
    accounts: await kit.staff("accounts@crestbuild.ng", "Accounts", admin),
    hrOnTeam: await kit.staff("hr.team@crestbuild.ng", "HR", admin),
    hrOutsider: await kit.staff("hr.other@crestbuild.ng", "HR", admin),
    marketing: await kit.staff("marketing@crestbuild.ng", "Digital Marketing", admin),
    owningClient: await kit.client("bisi@example.com"),
    otherClient: await kit.client("chidi@example.com"),
  };
  const setUp = async (parties: { clientId: string; managerId?: string; teamIds: string[] }): Promise<Project> => {
    const id = await kit.createProject(admin, parties);
    const detail = await kit.api(admin, "GET", `/projects/${id}`);
    const document = await kit.upload(admin, `/projects/${id}/documents`, [pdfDocument()], { title: "Contract" });
    expect(document.status).toBe(201);
    return { id, reference: detail.body.data.reference, parties, teamIds: parties.teamIds, documentId: document.body.data.id };
  };
  projectA = await setUp({ clientId: people.owningClient.id, managerId: people.projectsOffice.id, teamIds: [people.hrOnTeam.id] });
  projectB = await setUp({ clientId: people.otherClient.id, teamIds: [] });
}, 120_000);

afterAll(async () => {
  await server.close();
  await mail.close();
});

const status = (answer: { status: number }) => String(answer.status);

/** Each action as one HTTP request (or two for delete, which works on a fresh copy of the project). */
const actions: Record<Action, (actor: Actor, project: Project) => Promise<string>> = {
  list: async (actor, project) => {
    const answer = await kit.api(actor, "GET", `/projects?search=${project.reference}`);
    expect(answer.status).toBe(200);
    return answer.body.data.items.some((item: { id: number }) => item.id === project.id) ? "listed" : "hidden";
  },
  read: async (actor, project) => status(await kit.api(actor, "GET", `/projects/${project.id}`)),
  updateDetails: async (actor, project) =>
    status(await kit.api(actor, "PUT", `/projects/${project.id}`, { description: "Revised scope." })),
  changeStatus: async (actor, project) => status(await kit.api(actor, "PUT", `/projects/${project.id}`, { status: "on_hold" })),
  assignTeam: async (actor, project) => status(await kit.api(actor, "PUT", `/projects/${project.id}`, { teamIds: project.teamIds })),
  setPortfolio: async (actor, project) =>
    status(await kit.api(actor, "PUT", `/projects/${project.id}`, { isPortfolio: true, publicSummary: "A family home in Abuja." })),
  delete: async (actor, project) => {
    const copy = await kit.createProject(people.admin, project.parties);
    return status(await kit.api(actor, "DELETE", `/projects/${copy}`));
  },
  addMilestone: async (actor, project) => status(await kit.api(actor, "POST", `/projects/${project.id}/milestones`, { title: "Roofing" })),
  postUpdate: async (actor, project) =>
    status(await kit.upload(actor, `/projects/${project.id}/updates`, [], { body: "Blockwork reached lintel level." })),
  uploadImage: async (actor, project) =>
    status(await kit.upload(actor, `/projects/${project.id}/images`, [photo(await pngImage(), "site.png", "image/png")])),
  uploadDocument: async (actor, project) => status(await kit.upload(actor, `/projects/${project.id}/documents`, [pdfDocument()])),
  downloadDocument: async (actor, project) =>
    status(await kit.api(actor, "GET", `/projects/${project.id}/documents/${project.documentId}/download`)),
  readStats: async (actor) => status(await kit.api(actor, "GET", "/projects/stats")),
};

describe("who may do what with a project (ARCHITECTURE §4)", () => {
  it("answers every role × action × project as the access rules say, with 404 where the project must not be seen", async () => {
    const actual = {} as Record<Role, Record<Action, string>>;
    for (const role of Object.keys(expected) as Role[]) {
      actual[role] = {} as Record<Action, string>;
      for (const action of Object.keys(actions) as Action[]) {
        actual[role][action] = `${await actions[action](people[role], projectA)}/${await actions[action](people[role], projectB)}`;
      }
    }
    expect(actual).toEqual(expected);
  }, 120_000);
});
