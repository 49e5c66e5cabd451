import type { DepartmentName, Role } from "./departments.js";

/**
 * Who may do what in the portal (docs/product.md#roles-and-permissions), as pure rules: the server enforces them, the
 * browser uses the same ones to hide what the server would refuse.
 */
export type Viewer = { id: string; role: Role; department: string };

/** A project as the rules need to see it: who it belongs to and who works on it. */
export type ProjectParties = {
  clientId: string | null;
  managerId: string | null;
  teamIds: readonly string[];
  /** Those the client added to pay with them: loaded only where the money is concerned. */
  payerIds?: readonly string[];
};

/** The project office: creates projects, turns client requests into projects, assigns managers and teams. */
export const PROJECT_OFFICE = "Projects";

/** Departments whose work covers every project (pipeline, budgets, schedules, the office overview). */
export const PROJECT_OVERSIGHT_DEPARTMENTS: readonly string[] = [
  "Admin",
  PROJECT_OFFICE,
  "Accounts",
  "Accounting",
  "Business Administration",
  "Executive Assistant",
  "Secretariat",
];

/** Writes the blog, chooses the portfolio projects, follows the leads. */
export const MARKETING_DEPARTMENT = "Digital Marketing";

/** Answer the contact inquiries inbox. */
export const INQUIRY_DEPARTMENTS: readonly DepartmentName[] = ["Secretariat", "Executive Assistant", "Business Administration"];

/** Follow budgets against spending across projects (the Accounts dashboard). */
export const ACCOUNTS_DEPARTMENTS: readonly string[] = ["Accounts", "Accounting"];

/** See the staff directory by department and the accounts awaiting approval. */
export const PEOPLE_DEPARTMENTS: readonly string[] = ["HR", "Admin"];

const isAdmin = (viewer: Viewer) => viewer.role === "admin";
const isStaffOf = (viewer: Viewer, departments: readonly string[]) => viewer.role === "staff" && departments.includes(viewer.department);

export const isAssigned = (viewer: Viewer, project: ProjectParties) =>
  project.managerId === viewer.id || project.teamIds.includes(viewer.id);

/** Clients read their own projects; staff those they work on or their department oversees; admins all. */
export function canReadProject(viewer: Viewer, project: ProjectParties): boolean {
  if (isAdmin(viewer)) return true;
  if (viewer.role === "user") return project.clientId === viewer.id;
  return isAssigned(viewer, project) || isStaffOf(viewer, PROJECT_OVERSIGHT_DEPARTMENTS);
}

/** Change a project: details, status, progress, milestones, updates, photos, documents. */
export function canEditProject(viewer: Viewer, project: ProjectParties): boolean {
  if (isAdmin(viewer) || isStaffOf(viewer, [PROJECT_OFFICE])) return true;
  return viewer.role === "staff" && isAssigned(viewer, project);
}

/**
 * Close a snag marked fixed, or reopen one (docs/decisions/147-snags.md): the project office and the project's client,
 * who accept the work; the team only marks snags fixed (canEditProject).
 */
export const canSignOffSnags = (viewer: Viewer, project: ProjectParties) =>
  isAdmin(viewer) || isStaffOf(viewer, [PROJECT_OFFICE]) || (viewer.role === "user" && project.clientId === viewer.id);

/** Create a real project (status other than requested), assign its manager and team, turn a request into a project. */
export const canRunProjects = (viewer: Viewer) => isAdmin(viewer) || isStaffOf(viewer, [PROJECT_OFFICE]);

/** Clients ask for a new project; it starts as `requested`. */
export const canRequestProject = (viewer: Viewer) => viewer.role === "user";

/** The access log names other people's emails and addresses: admins only (the office overview leaves it out for others). */
export const canSeeSecurityEvents = (viewer: Viewer) => isAdmin(viewer);

export const canDeleteProject = (viewer: Viewer) => isAdmin(viewer);

/** Project messages: the client and the team of the project, and admins. */
export function canMessageProject(viewer: Viewer, project: ProjectParties): boolean {
  if (isAdmin(viewer)) return true;
  if (viewer.role === "user") return project.clientId === viewer.id;
  return isAssigned(viewer, project) || isStaffOf(viewer, [PROJECT_OFFICE]);
}

/** Department channel messages and calls: its own staff, and admins (any department). */
export const canUseDepartmentChannel = (viewer: Viewer, department: string) =>
  isAdmin(viewer) || (viewer.role === "staff" && viewer.department === department);

/** /call: staff and admins call their department's members (admins any department's). */
export const canMakeCalls = (viewer: Viewer) => isAdmin(viewer) || viewer.role === "staff";

/** The site app (/site): staff and admins, who see there the active projects whose team they are on. */
export const canUseSiteApp = (viewer: Viewer) => isAdmin(viewer) || viewer.role === "staff";

/** Blog posts, the portfolio flag and the public summary of projects. */
export const canManageSiteContent = (viewer: Viewer) => isAdmin(viewer) || isStaffOf(viewer, [MARKETING_DEPARTMENT]);

/** Agree (or no longer agree) to a project being shown on the public site: its client only. */
export const canConsentToPortfolio = (viewer: Viewer, project: ProjectParties) => viewer.role === "user" && project.clientId === viewer.id;

export const canHandleInquiries = (viewer: Viewer) => isAdmin(viewer) || isStaffOf(viewer, INQUIRY_DEPARTMENTS);

/** Leads (contact inquiries) are also read by marketing, who follow where they come from. */
export const canReadInquiries = (viewer: Viewer) => canHandleInquiries(viewer) || isStaffOf(viewer, [MARKETING_DEPARTMENT]);

export const canSeePeople = (viewer: Viewer) => isAdmin(viewer) || isStaffOf(viewer, PEOPLE_DEPARTMENTS);

/**
 * Let a staff account awaiting approval in (each approval audited as the approver's act): HR, who hires, and admins.
 * Nothing more: roles, blocks and deletions stay the admins' alone.
 */
export const canApproveStaff = (viewer: Viewer) => isAdmin(viewer) || isStaffOf(viewer, ["HR"]);

/** A staff record's job title and extension: HR and admins (not the person, whose title is HR's to give). */
export const canKeepStaffRecords = (viewer: Viewer) => isAdmin(viewer) || isStaffOf(viewer, ["HR"]);

/** The office overview (accounts, approvals, inquiries, projects, sign-in failures): the Admin department and admins. */
export const canSeeOfficeOverview = (viewer: Viewer) => isAdmin(viewer) || isStaffOf(viewer, ["Admin"]);

/** The Accounts dashboard: budgets, spending and overruns of every project. */
export const canFollowAccounts = (viewer: Viewer) => isAdmin(viewer) || isStaffOf(viewer, ACCOUNTS_DEPARTMENTS);

/** Budgets and spending of every project. */
export const canSeeFinances = (viewer: Viewer, project?: ProjectParties) =>
  isAdmin(viewer) ||
  isStaffOf(viewer, PROJECT_OVERSIGHT_DEPARTMENTS) ||
  (project !== undefined && (project.clientId === viewer.id || isAssigned(viewer, project)));

/**
 * A project's contract and money (docs/decisions/140-boq-and-contract.md): its client, the project office and
 * Accounts read it; other staff who may read the project are refused (403), everyone else is told it does not exist.
 */
export const canReadProjectMoney = (viewer: Viewer, project: ProjectParties) =>
  isAdmin(viewer) || isPayerOf(viewer, project) || isStaffOf(viewer, [PROJECT_OFFICE, ...ACCOUNTS_DEPARTMENTS]);

/** The project's client, or a payer the client added: they record transfers against its invoices. */
export const isPayerOf = (viewer: Viewer, project: ProjectParties) =>
  viewer.role === "user" && (project.clientId === viewer.id || (project.payerIds ?? []).includes(viewer.id));

/** Who pays with the client: the client chooses them (admins may correct the list). */
export const canChoosePayers = (viewer: Viewer, project: ProjectParties) =>
  isAdmin(viewer) || (viewer.role === "user" && project.clientId === viewer.id);

/** The project office prepares the contract: the BOQ, its signing, variations, valuations, the payment schedule. */
export const canPrepareContract = (viewer: Viewer) => isAdmin(viewer) || isStaffOf(viewer, [PROJECT_OFFICE]);

/** Accounts certify valuations, invoice and confirm payments. */
export const canCertifyMoney = (viewer: Viewer) => isAdmin(viewer) || isStaffOf(viewer, ACCOUNTS_DEPARTMENTS);

/** Announcements from the administration: the staff and the admins (clients have none). */
export const canReadAnnouncements = (viewer: Viewer) => viewer.role === "staff" || viewer.role === "admin";
