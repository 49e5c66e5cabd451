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

export const projectCategoryLabels: Record<ProjectCategory, string> = {
  residential: "Residential",
  commercial: "Commercial",
  infrastructure: "Infrastructure",
  renovation: "Renovation",
  "project-management": "Project management",
  "design-build": "Design and build",
};

/** Active work: agreed and not finished (dashboards and stats count these). */
export const activeProjectStatuses: readonly ProjectStatus[] = ["planning", "in_progress", "on_hold"];

/** An upload's limits and what the upload forms say (the server checks the same). */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PHOTOS_PER_UPLOAD = 10;
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

export const projectMessages = {
  notFound: "Project not found.",
  photoTooLarge: "Each photo must be 15 MB or smaller.",
  tooManyPhotos: `Upload at most ${PHOTOS_PER_UPLOAD} photos at a time.`,
  noPhotos: "Choose at least one photo to upload.",
  documentTooLarge: "The document must be 25 MB or smaller.",
  unsupportedDocument: "Please upload a PDF or a drawing (DWG or DXF).",
  noDocument: "Choose a document to upload.",
} as const;
