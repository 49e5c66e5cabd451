import { beforeAll, describe, expect, it } from "vitest";
import { pngImage } from "../../testing/images.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { pdfDocument, photo } from "./test-fixtures.js";

// One server and one cast for the whole table.
const { call, upload, people, createProject } = setUpTestServer({}, { once: true });

type Role = "admin" | "projectsOffice" | "accounts" | "hrOnTeam" | "hrOutsider" | "marketing" | "owningClient" | "otherClient";
type Action =
  | "list"
  | "read"
  | "updateDetails"
  | "changeStatus"
  | "assignTeam"
  | "setPortfolio"
  | "setPublicSummary"
  | "consentToPortfolio"
  | "delete"
  | "addMilestone"
  | "postUpdate"
  | "uploadImage"
  | "uploadDocument"
  | "downloadDocument"
  | "readStats";

/** An admin may do everything on every project. */
const everything: Record<Action, string> = {
  list: "listed/listed",
  read: "200/200",
  updateDetails: "200/200",
  changeStatus: "200/200",
  assignTeam: "200/200",
  setPortfolio: "200/200",
  setPublicSummary: "200/200",
  consentToPortfolio: "403/403",
  delete: "204/204",
  addMilestone: "201/201",
  postUpdate: "201/201",
  uploadImage: "201/201",
  uploadDocument: "201/201",
  downloadDocument: "200/200",
  readStats: "200/200",
};

/** A staff member on neither project sees neither: 404 wherever the project is named. */
const nothing: Record<Action, string> = {
  list: "hidden/hidden",
  read: "404/404",
  updateDetails: "404/404",
  changeStatus: "404/404",
  assignTeam: "404/404",
  setPortfolio: "404/404",
  setPublicSummary: "404/404",
  consentToPortfolio: "404/404",
  delete: "404/404",
  addMilestone: "404/404",
  postUpdate: "404/404",
  uploadImage: "404/404",
  uploadDocument: "404/404",
  downloadDocument: "404/404",
  readStats: "403/403",
};

/**
 * Two projects. A: the owning client's, managed by the Projects staffer, with the HR staffer on its
 * team; its client agreed to it being shown on the website. B: the other client's, with none of these staff on it,
 * not agreed to (until its client does, last). Each cell is "A/B": the answer for A, then for B ("listed"/"hidden" for
 * the list). 404 wherever the project must not be seen.
 */
const expected: Record<Role, Record<Action, string>> = {
  // Not even an admin shows a client's project on the website without the client's agreement (400).
  admin: { ...everything, setPortfolio: "200/400" },
  // The project office runs every project; the portfolio is Marketing's, deleting the admins'.
  projectsOffice: { ...everything, setPortfolio: "403/403", setPublicSummary: "403/403", delete: "403/403" },
  accounts: {
    list: "listed/listed",
    read: "200/200",
    updateDetails: "403/403",
    changeStatus: "403/403",
    assignTeam: "403/403",
    setPortfolio: "403/403",
    setPublicSummary: "403/403",
    consentToPortfolio: "403/403",
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
    setPublicSummary: "403/404",
    consentToPortfolio: "403/404",
    delete: "403/404",
    addMilestone: "201/404",
    postUpdate: "201/404",
    uploadImage: "201/404",
    uploadDocument: "201/404",
    downloadDocument: "200/404",
    readStats: "403/403",
  },
  hrOutsider: nothing,
  // Marketing reads neither, but works on the portfolio fields of a completed project its client agreed to show.
  marketing: { ...nothing, setPortfolio: "200/404", setPublicSummary: "200/404" },
  owningClient: {
    list: "listed/hidden",
    read: "200/404",
    updateDetails: "403/404",
    changeStatus: "403/404",
    assignTeam: "403/404",
    setPortfolio: "403/404",
    setPublicSummary: "403/404",
    consentToPortfolio: "200/404",
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
    setPublicSummary: "404/403",
    consentToPortfolio: "404/200",
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

let cast: Record<Role, SignedIn>;
let projectA: Project;
let projectB: Project;

beforeAll(async () => {
  const admin = await people.admin();
  cast = {
    admin,
    projectsOffice: await people.staff("office@crestbuild.ng", "Projects"),
    accounts: await people.staff("accounts@crestbuild.ng", "Accounts"),
    hrOnTeam: await people.staff("hr.team@crestbuild.ng", "HR"),
    hrOutsider: await people.staff("hr.other@crestbuild.ng", "HR"),
    marketing: await people.staff("marketing@crestbuild.ng", "Digital Marketing"),
    owningClient: await people.client("bisi@example.com"),
    otherClient: await people.client("chidi@example.com"),
  };
  const setUp = async (parties: { clientId: string; managerId?: string; teamIds: string[] }): Promise<Project> => {
    const id = await createProject(admin, parties);
    const detail = await call(`/projects/${id}`, undefined, admin.auth);
    const document = await upload(`/projects/${id}/documents`, [pdfDocument()], admin.auth, { title: "Contract" });
    expect(document.status).toBe(201);
    return { id, reference: detail.body.data.reference, parties, teamIds: parties.teamIds, documentId: document.body.data.id };
  };
  projectA = await setUp({ clientId: cast.owningClient.id, managerId: cast.projectsOffice.id, teamIds: [cast.hrOnTeam.id] });
  projectB = await setUp({ clientId: cast.otherClient.id, teamIds: [] });
  const agreed = await call(`/projects/${projectA.id}/portfolio-consent`, { consent: true }, cast.owningClient.auth, "PUT");
  expect(agreed.status).toBe(200);
}, 120_000);

const status = (answer: { status: number }) => String(answer.status);

/** Each action as one HTTP request (or two for delete, which works on a fresh copy of the project). */
const actions: Record<Action, (actor: SignedIn, project: Project) => Promise<string>> = {
  list: async (actor, project) => {
    const answer = await call(`/projects?search=${project.reference}`, undefined, actor.auth);
    expect(answer.status).toBe(200);
    return answer.body.data.items.some((item: { id: number }) => item.id === project.id) ? "listed" : "hidden";
  },
  read: async (actor, project) => status(await call(`/projects/${project.id}`, undefined, actor.auth)),
  updateDetails: async (actor, project) =>
    status(await call(`/projects/${project.id}`, { description: "Revised scope." }, actor.auth, "PUT")),
  changeStatus: async (actor, project) => status(await call(`/projects/${project.id}`, { status: "completed" }, actor.auth, "PUT")),
  assignTeam: async (actor, project) => status(await call(`/projects/${project.id}`, { teamIds: project.teamIds }, actor.auth, "PUT")),
  setPortfolio: async (actor, project) =>
    status(await call(`/projects/${project.id}`, { isPortfolio: true, publicSummary: "A family home in Abuja." }, actor.auth, "PUT")),
  setPublicSummary: async (actor, project) =>
    status(await call(`/projects/${project.id}`, { publicSummary: "A family home in Abuja." }, actor.auth, "PUT")),
  consentToPortfolio: async (actor, project) =>
    status(await call(`/projects/${project.id}/portfolio-consent`, { consent: true }, actor.auth, "PUT")),
  delete: async (actor, project) => {
    const copy = await createProject(cast.admin, project.parties);
    return status(await call(`/projects/${copy}`, undefined, actor.auth, "DELETE"));
  },
  addMilestone: async (actor, project) => status(await call(`/projects/${project.id}/milestones`, { title: "Roofing" }, actor.auth)),
  postUpdate: async (actor, project) =>
    status(await upload(`/projects/${project.id}/updates`, [], actor.auth, { body: "Blockwork reached lintel level." })),
  uploadImage: async (actor, project) =>
    status(await upload(`/projects/${project.id}/images`, [photo(await pngImage(), "site.png", "image/png")], actor.auth)),
  uploadDocument: async (actor, project) => status(await upload(`/projects/${project.id}/documents`, [pdfDocument()], actor.auth)),
  downloadDocument: async (actor, project) =>
    status(await call(`/projects/${project.id}/documents/${project.documentId}/download`, undefined, actor.auth)),
  readStats: async (actor) => status(await call("/projects/stats", undefined, actor.auth)),
};

describe("who may do what with a project (docs/product.md#who-may-do-what)", () => {
  it("answers every role × action × project as the access rules say, with 404 where the project must not be seen", async () => {
    const actual = {} as Record<Role, Record<Action, string>>;
    for (const role of Object.keys(expected) as Role[]) {
      actual[role] = {} as Record<Action, string>;
      for (const action of Object.keys(actions) as Action[]) {
        actual[role][action] = `${await actions[action](cast[role], projectA)}/${await actions[action](cast[role], projectB)}`;
      }
    }
    expect(actual).toEqual(expected);
  }, 120_000);
});
