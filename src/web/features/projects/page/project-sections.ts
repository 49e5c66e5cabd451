import type { ComponentType } from "react";
import type { ProjectDetail } from "../../../../shared/projects";
import { MilestoneTimeline } from "./MilestoneTimeline";
import { PhotoGallery } from "./PhotoGallery";
import { ProjectDocuments } from "./ProjectDocuments";
import { ProjectOverview } from "./ProjectOverview";
import { SiteDiary } from "./SiteDiary";

export type ProjectSection = {
  id: string;
  label: string;
  /** How many items it holds, shown beside its name. */
  count?: (project: ProjectDetail) => number;
  Section: ComponentType<{ project: ProjectDetail }>;
};

/** The parts of the project page, in the order of its section links; the address's ?section= picks one. */
export const projectSections: readonly ProjectSection[] = [
  { id: "overview", label: "Overview", Section: ProjectOverview },
  { id: "schedule", label: "Schedule", count: (project) => project.milestones.length, Section: MilestoneTimeline },
  { id: "updates", label: "Updates", count: (project) => project.counts.updates, Section: SiteDiary },
  { id: "photos", label: "Photos", count: (project) => project.counts.photos, Section: PhotoGallery },
  { id: "documents", label: "Documents", count: (project) => project.counts.documents, Section: ProjectDocuments },
  // The project's messages join here as their own section (the conversations feature).
];

export const sectionOf = (id: string | null) =>
  projectSections.find((section) => section.id === id) ?? (projectSections[0] as ProjectSection);
