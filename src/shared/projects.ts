/** A project's life (ARCHITECTURE §4: clients' requests start as `requested`). */
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
