import type { ComponentType, ReactNode } from "react";
import type { ProjectDetail } from "../../../../shared/projects";
import { ProjectMoney } from "../../contracts";
import { EvidenceLog } from "./EvidenceLog";
import { LiveChecks } from "./LiveChecks";
import { MilestoneTimeline } from "./MilestoneTimeline";
import { PhotoGallery } from "./PhotoGallery";
import { PhotoPoints } from "./PhotoPoints";
import { ProjectDocuments } from "./ProjectDocuments";
import { ProjectOverview } from "./ProjectOverview";
import { ProjectReports } from "./ProjectReports";
import { ProjectSnags } from "./ProjectSnags";
import { ProjectVideos } from "./ProjectVideos";
import { SiteDiary } from "./SiteDiary";

export type ProjectSection = {
  id: string;
  label: string;
  /** How many items it holds, shown beside its name. */
  count?: (project: ProjectDetail) => number;
  /** Whether this person sees the section at all (by the project's permissions); always when absent. */
  shown?: (project: ProjectDetail) => boolean;
  Section: ComponentType<ProjectSectionProps>;
};

export type ProjectSectionProps = {
  project: ProjectDetail;
  /** The project's conversation, composed by the page (it is the messages feature's, which this one does not import). */
  conversation: ReactNode;
};

/** The Messages section shows the conversation the page passes in, for those who may write in it. */
const ProjectMessages = ({ conversation }: ProjectSectionProps) => conversation;

/** The parts of the project page, in the order of its section links; the address's ?section= picks one. */
export const projectSections: readonly ProjectSection[] = [
  { id: "overview", label: "Overview", Section: ProjectOverview },
  { id: "schedule", label: "Schedule", count: (project) => project.milestones.length, Section: MilestoneTimeline },
  { id: "updates", label: "Updates", count: (project) => project.counts.updates, Section: SiteDiary },
  { id: "photos", label: "Photos", count: (project) => project.counts.photos, Section: PhotoGallery },
  { id: "videos", label: "Videos", Section: ProjectVideos },
  { id: "documents", label: "Documents", count: (project) => project.counts.documents, Section: ProjectDocuments },
  { id: "photo-points", label: "Photo points", Section: PhotoPoints },
  { id: "live-checks", label: "Live checks", Section: LiveChecks },
  { id: "snags", label: "Snags", Section: ProjectSnags },
  { id: "evidence", label: "Evidence", Section: EvidenceLog },
  { id: "reports", label: "Reports", Section: ProjectReports },
  { id: "money", label: "Money", shown: (project) => project.permissions.readMoney, Section: ProjectMoney },
  { id: "messages", label: "Messages", shown: (project) => project.permissions.message, Section: ProjectMessages },
];

/** The sections this person sees on this project. */
export const sectionsFor = (project: ProjectDetail) => projectSections.filter((section) => section.shown?.(project) ?? true);

export const sectionOf = (project: ProjectDetail, id: string | null) =>
  sectionsFor(project).find((section) => section.id === id) ?? (projectSections[0] as ProjectSection);
