import { execFileSync } from "node:child_process";
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { findFfmpeg } from "../src/server/platform/ffmpeg";
import type { ProjectCreateInput, ProjectDetail } from "../src/shared/projects";
import { api, approvedStaff, PASSWORD, uniqueEmail } from "./accounts";
import { codeFromLatestMail } from "./mail-server";

/** The set-up of the projects journeys, through the API: accounts, their tokens, projects. What the journeys prove happens in the browser. */

/** A name no other journey of the run uses (staff pickers list every approved staff member of the site). */
export const uniqueName = (base: string) =>
  `${base}${Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

export type Account = { email: string; id: string; accessToken: string; firstName: string };

async function signedIn(request: APIRequestContext, email: string, firstName: string): Promise<Account> {
  const session = await api<{ accessToken: string; user: { id: string } }>(request, "/auth/login", { email, password: PASSWORD });
  return { email, id: session.user.id, accessToken: session.accessToken, firstName };
}

/** A client account with its email confirmed, ready to sign in with PASSWORD. */
export async function confirmedClient(request: APIRequestContext, base: string): Promise<Account> {
  const firstName = uniqueName(base);
  const email = uniqueEmail(firstName.toLowerCase());
  await api(request, "/auth/register", { firstName, lastName: "Okafor", email, password: PASSWORD, confirmPassword: PASSWORD });
  await api(request, "/auth/verify-otp", { email, code: await codeFromLatestMail(email, "verification code") });
  return signedIn(request, email, firstName);
}

/** An approved staff account of this department (its name unique in the run), with a token. */
export async function staffAccount(request: APIRequestContext, department: string, base: string): Promise<Account> {
  const firstName = uniqueName(base);
  const email = await approvedStaff(request, department, firstName);
  return signedIn(request, email, firstName);
}

/** A project created by the project office (the staffer's token), for a client. */
export function createProject(request: APIRequestContext, office: Account, project: ProjectCreateInput): Promise<ProjectDetail> {
  return api<ProjectDetail>(request, "/projects", project, office.accessToken);
}

/** The site app's people: the project office and a site engineer on the team of a project in progress in Abuja. */
export async function engineerOnAProject(
  request: APIRequestContext,
  project: Pick<ProjectCreateInput, "title" | "description" | "category">,
): Promise<{ office: Account; engineer: Account; project: ProjectDetail }> {
  const office = await staffAccount(request, "Projects", "Tunde");
  const engineer = await staffAccount(request, "Projects", "Ada");
  const created = await createProject(request, office, {
    ...project,
    title: uniqueName(project.title),
    city: "Abuja",
    status: "in_progress",
    managerId: office.id,
    teamIds: [engineer.id],
  });
  return { office, engineer, project: created };
}

/**
 * A Projects staff member and a client, with one residential project in Abuja that the staffer made for the client
 * (the title made unique from `names.project`).
 */
export async function clientWithAProject(
  request: APIRequestContext,
  names: { staff: string; client: string; project: string; description: string },
): Promise<{ office: Account; client: Account; project: ProjectDetail }> {
  const office = await staffAccount(request, "Projects", names.staff);
  const client = await confirmedClient(request, names.client);
  const project = await createProject(request, office, {
    title: uniqueName(names.project),
    description: names.description,
    category: "residential",
    city: "Abuja",
    clientId: client.id,
  });
  return { office, client, project };
}

/** A real photo (the server checks and re-encodes it): a 640 × 480 PNG of one colour. */
export async function sitePhoto(name: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 170, g: 116, b: 82 } } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/**
 * A real 2-second MP4 of about 4 MB (a lossless test pattern with noise, by the ffmpeg the server uses): several of
 * the resumable upload's 512 KiB chunks.
 */
export function siteVideo(name: string) {
  const pattern = "testsrc=duration=2:size=640x360:rate=10,noise=alls=20:allf=t";
  const codec = ["-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p"];
  const buffer = execFileSync(
    findFfmpeg(undefined),
    [
      ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", pattern],
      ...[...codec, "-movflags", "frag_keyframe+empty_moov", "-f", "mp4", "pipe:1"],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return { name, mimeType: "video/mp4", buffer };
}

/** A small but real PDF (the server recognises documents from their first bytes). */
export function pdfFile(name: string) {
  const buffer = Buffer.from(
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
  return { name, mimeType: "application/pdf", buffer };
}

/** A project with something in every section: a client, a manager, a budget, milestones (one overdue), a site update with a photo, a document. */
export async function projectWithContent(request: APIRequestContext) {
  const office = await staffAccount(request, "Projects", "Kemi");
  const client = await confirmedClient(request, "Uche");
  const project = await createProject(request, office, {
    title: uniqueName("Katampe hillside homes "),
    description: "Six detached homes on the hill, with a shared access road.",
    category: "residential",
    city: "Abuja",
    state: "FCT",
    address: "Plot 14, Katampe Extension",
    status: "in_progress",
    progressMode: "milestones",
    startDate: "2025-01-15",
    targetCompletion: "2027-06-30",
    budgetKobo: 120_000_000_00,
    spentKobo: 45_000_000_00,
    clientId: client.id,
    managerId: office.id,
    teamIds: [office.id],
  });
  const authorization = { authorization: `Bearer ${office.accessToken}` };
  for (const milestone of [
    { title: "Site clearing", dueDate: "2025-02-01" },
    { title: "Access road", dueDate: "2025-03-01" },
    { title: "Handover", dueDate: "2027-06-30", weight: 3 },
  ]) {
    await api(request, `/projects/${project.id}/milestones`, milestone, office.accessToken);
  }
  const milestones = await request.get(`/api/projects/${project.id}`, { headers: authorization });
  const firstMilestone = ((await milestones.json()) as { data: ProjectDetail }).data.milestones[0];
  await request.put(`/api/projects/${project.id}/milestones/${firstMilestone?.id}`, { headers: authorization, data: { done: true } });
  const posted = await request.post(`/api/projects/${project.id}/updates`, {
    headers: authorization,
    multipart: { body: "Access road graded and compacted.", caption: "Graded road", images: await sitePhoto("road.png") },
  });
  const uploaded = await request.post(`/api/projects/${project.id}/documents`, {
    headers: authorization,
    multipart: { title: "Site plan", document: pdfFile("site-plan.pdf") },
  });
  if (!posted.ok() || !uploaded.ok()) throw new Error(`set-up failed: ${posted.status()} ${uploaded.status()}`);
  return { office, client, project };
}
