// Without zod, so that a dashboard can count, label and list projects without loading the validators.

/** A project's life (docs/product.md#roles-and-permissions: clients' requests start as `requested`). */
export const projectStatuses = ["requested", "planning", "in_progress", "on_hold", "completed", "cancelled"] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const projectStatusLabels: Record<ProjectStatus, string> = {
  requested: "Requested",
  planning: "Planning",
  in_progress: "In progress",
  on_hold: "On hold",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** manual: staff set the progress; milestones: it follows the weights of the milestones done. */
export const progressModes = ["manual", "milestones"] as const;
export type ProgressMode = (typeof progressModes)[number];

/** The lines of business (the services' slugs); every project is one of them. */
export const projectCategories = [
  "residential",
  "commercial",
  "infrastructure",
  "renovation",
  "project-management",
  "design-build",
] as const;
export type ProjectCategory = (typeof projectCategories)[number];
export const isProjectCategory = (value: string): value is ProjectCategory => (projectCategories as readonly string[]).includes(value);

export const projectCategoryLabels: Record<ProjectCategory, string> = {
  residential: "Residential",
  commercial: "Commercial",
  infrastructure: "Infrastructure",
  renovation: "Renovation",
  "project-management": "Project management",
  "design-build": "Design and build",
};

/** The weather a site diary entry records (docs/product.md#projects). */
export const weatherKinds = ["sunny", "cloudy", "rain", "storm"] as const;
export type Weather = (typeof weatherKinds)[number];
export const weatherLabels: Record<Weather, string> = { sunny: "Sunny", cloudy: "Cloudy", rain: "Rain", storm: "Storm" };
/** The most workers a diary entry may count on site: a ceiling for typing errors, beyond any site of the company's. */
export const WORKERS_ON_SITE_MAX = 10_000;

/** The structured fields of a diary entry. */
export type DiaryConditionFields = {
  weather: Weather | null;
  workersOnSite: number | null;
  equipment: string | null;
  delays: string | null;
};

/** The conditions a diary entry records, as label and value, those it does not say left out (the portal, the report). */
export function diaryConditions(entry: DiaryConditionFields): [string, string][] {
  const said: [string, string | null][] = [
    ["Weather", entry.weather ? weatherLabels[entry.weather] : null],
    ["Workers on site", entry.workersOnSite === null ? null : entry.workersOnSite.toLocaleString("en-GB")],
    ["Equipment", entry.equipment],
    ["Delays", entry.delays],
  ];
  return said.filter((pair): pair is [string, string] => pair[1] !== null);
}

/** Active work: agreed and not finished (dashboards and stats count these). */
export const activeProjectStatuses: readonly ProjectStatus[] = ["planning", "in_progress", "on_hold"];

/** An upload's limits and what the upload forms say (the server checks the same). */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PHOTOS_PER_UPLOAD = 10;
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
/** A video as a phone records it (MP4, WebM or MOV), and the longest kept: a walk round a site, not a film. */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
export const VIDEO_MAX_SECONDS = 10 * 60;

/** The folders of a project's documents; a document with none chosen goes in Other. */
export const documentFolders = ["contract", "drawings", "approvals", "invoices", "other"] as const;
export type DocumentFolder = (typeof documentFolders)[number];
export const documentFolderLabels: Record<DocumentFolder, string> = {
  contract: "Contract",
  drawings: "Drawings",
  approvals: "Approvals",
  invoices: "Invoices",
  other: "Other",
};

export const projectMessages = {
  notFound: "Project not found.",
  photoTooLarge: "Each photo must be 15 MB or smaller.",
  tooManyPhotos: `Upload at most ${PHOTOS_PER_UPLOAD} photos at a time.`,
  noPhotos: "Choose at least one photo to upload.",
  videoTooLarge: "The video must be 200 MB or smaller.",
  oneVideo: "Send one video at a time.",
  noVideo: "Choose a video to upload.",
  unsupportedVideo: "Please upload an MP4, WebM or MOV video.",
  videoTooLong: `A video may last at most ${VIDEO_MAX_SECONDS / 60} minutes.`,
  videoBusy: "Videos are being converted for other people right now. Please try again in a minute.",
  documentTooLarge: "The document must be 25 MB or smaller.",
  unsupportedDocument: "Please upload a PDF, a drawing (DWG or DXF), a Word or Excel file (DOCX, XLSX), a JPG or PNG scan, or a ZIP.",
  macroDocument: "Files with macros (DOCM, XLSM or a macro inside) are not accepted: save it as DOCX or XLSX without macros.",
  noDocument: "Choose a document to upload.",
} as const;

/** An invitation link lasts this long, like the other links sent by email. */
export const INVITATION_DAYS = 7;

export const invitationMessages = {
  gone: "This invitation link has expired, was already used or was replaced by a newer one. Ask the project office for a new one.",
  otherEmail: "This invitation was sent to another email address. Sign in with the address it was sent to.",
  notClient: "This invitation is for a client account; staff accounts cannot be a project's client.",
  hasClient: "This project already has a client: a project has only one.",
  staffEmail: "This address belongs to a staff account: a project's client must be a client account.",
  tooManyBySender: "You have sent too many invitations in the last hour. Please try again later.",
  tooManyForProject: "This project has had too many invitations today. Please try again tomorrow.",
} as const;
