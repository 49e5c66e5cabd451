import { type ProjectCategory, projectCategories, projectCategoryLabels } from "../../../shared/project-terms";

/** A category slug as words ("design-build" → "Design and build"); an unknown slug is shown as it is. */
export const categoryLabel = (category: string) =>
  projectCategories.includes(category as ProjectCategory) ? projectCategoryLabels[category as ProjectCategory] : category;

/** "Wuse II, Abuja"-style place: city and state when there is one. */
export const placeOf = (project: { city: string; state: string | null }) => [project.city, project.state].filter(Boolean).join(", ");

/** The project page's address. */
export const projectPagePath = (projectId: number) => `/dashboard/projects/${projectId}`;
