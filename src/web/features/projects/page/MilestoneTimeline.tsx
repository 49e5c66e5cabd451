import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, CircleAlert, CircleCheck, CircleDashed } from "lucide-react";
import { useState } from "react";
import { todayInLagos } from "../../../../shared/calendar";
import { countOf } from "../../../../shared/plural";
import type { Milestone, ProjectDetail } from "../../../../shared/projects";
import { failureMessage } from "../../../components/form/form-errors";
import { mutedTextClass } from "../../../components/form/form-fields";
import { Button } from "../../../components/ui/Button";
import { ConfirmButton } from "../../../components/ui/ConfirmButton";
import { SectionCard } from "../../../components/ui/SectionCard";
import { EmptyMessage } from "../../../components/ui/StatusMessage";
import { formatDate } from "../../../lib/format";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi } from "../api";
import { type MilestoneState, milestoneState, milestoneStateLabels } from "../milestone-state";
import { MilestoneForm, type MilestoneValues } from "./MilestoneForm";

const stateStyles: Record<MilestoneState, { Icon: typeof CircleCheck; tone: string }> = {
  done: { Icon: CircleCheck, tone: "text-green-800 dark:text-green-300" },
  overdue: { Icon: CircleAlert, tone: "text-red-700 dark:text-red-300" },
  upcoming: { Icon: CircleDashed, tone: "text-brand-700 dark:text-neutral-light" },
};

type Place = { first: boolean; last: boolean };

function MilestoneItem({
  project,
  milestone,
  today,
  place,
}: {
  project: ProjectDetail;
  milestone: Milestone;
  today: string;
  place: Place;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const state = milestoneState(milestone, today);
  const { Icon, tone } = stateStyles[state];
  const canEdit = project.permissions.edit;

  const save = async (values: MilestoneValues) => {
    await projectsApi.updateMilestone(project.id, milestone.id, values);
    await refreshProjects(queryClient);
    setEditing(false);
    toast.success("Milestone saved.");
  };
  const markDone = useMutation({
    mutationFn: (done: boolean) => projectsApi.updateMilestone(project.id, milestone.id, { done }),
    onSuccess: async (_saved, done) => {
      await refreshProjects(queryClient);
      toast.success(done ? `${milestone.title} marked done.` : `${milestone.title} reopened.`);
    },
    onError: (error) => toast.error("The milestone could not be changed.", { description: failureMessage(error) }),
  });
  const move = useMutation({
    mutationFn: (direction: "up" | "down") => projectsApi.moveMilestone(project.id, milestone.id, direction),
    onSuccess: async (_moved, direction) => {
      await refreshProjects(queryClient);
      toast.success(`${milestone.title} moved ${direction}.`);
    },
    onError: (error) => toast.error("The milestone could not be moved.", { description: failureMessage(error) }),
  });
  const busy = markDone.isPending || move.isPending;
  const remove = async () => {
    await projectsApi.removeMilestone(project.id, milestone.id);
    await refreshProjects(queryClient);
    toast.success("Milestone deleted.");
  };

  return (
    <li className="relative flex gap-3 pb-6 last:pb-0">
      <Icon aria-hidden className={`mt-0.5 size-6 shrink-0 ${tone}`} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div>
          <h3 className="font-semibold break-words">{milestone.title}</h3>
          <p className="text-sm">
            <span className={`font-semibold ${tone}`}>{milestoneStateLabels[state]}</span>
            <span className={mutedTextClass}>
              {milestone.doneOn ? ` · done ${formatDate(milestone.doneOn)}` : ""}
              {milestone.dueDate ? ` · due ${formatDate(milestone.dueDate)}` : " · no due date"}
              {project.progressMode === "milestones" && milestone.weight !== undefined ? ` · weight ${milestone.weight}` : ""}
            </span>
          </p>
          {milestone.description ? <p className="mt-1 break-words whitespace-pre-line">{milestone.description}</p> : null}
        </div>
        {canEdit && editing ? (
          <MilestoneForm
            milestone={milestone}
            progressMode={project.progressMode}
            submitLabel="Save milestone"
            onSave={save}
            onCancel={() => setEditing(false)}
          />
        ) : null}
        {canEdit && !editing ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant={milestone.doneOn ? "secondary" : "primary"}
              disabled={busy}
              onClick={() => markDone.mutate(!milestone.doneOn)}
              aria-label={`${milestone.doneOn ? "Reopen" : "Mark done"}: ${milestone.title}`}
            >
              {milestone.doneOn ? "Reopen" : "Mark done"}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${milestone.title}`}>
              Edit
            </Button>
            {/* The schedule is by due date; the office moves a milestone where it wants another order. */}
            <Button
              variant="secondary"
              disabled={busy || place.first}
              onClick={() => move.mutate("up")}
              aria-label={`Move ${milestone.title} up`}
            >
              <ArrowUp aria-hidden className="size-4" />
            </Button>
            <Button
              variant="secondary"
              disabled={busy || place.last}
              onClick={() => move.mutate("down")}
              aria-label={`Move ${milestone.title} down`}
            >
              <ArrowDown aria-hidden className="size-4" />
            </Button>
            <ConfirmButton label="Delete" accessibleName={`Delete ${milestone.title}`} title="Delete this milestone?" onConfirm={remove}>
              <p>
                {milestone.title} leaves the schedule{project.progressMode === "milestones" ? " and the progress is worked out again" : ""}.
              </p>
            </ConfirmButton>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The Schedule section: milestones by due date (or the office's order), done, overdue or upcoming; editors add,
 * change, tick off, move and delete them.
 */
export function MilestoneTimeline({ project }: { project: ProjectDetail }) {
  const queryClient = useQueryClient();
  const today = todayInLagos();
  const done = project.milestones.filter((milestone) => milestone.doneOn).length;

  const add = async (values: MilestoneValues) => {
    await projectsApi.addMilestone(project.id, values);
    await refreshProjects(queryClient);
    toast.success("Milestone added.");
  };

  return (
    <div className="flex flex-col gap-6">
      <SectionCard
        id="schedule"
        title="Schedule"
        description={
          project.milestones.length > 0
            ? `${done} of ${countOf(project.milestones.length, "milestone")} done.${project.progressMode === "milestones" ? ` Progress follows them: ${project.progress}%.` : ""}`
            : undefined
        }
      >
        {project.milestones.length === 0 ? (
          <EmptyMessage title="No milestone planned yet.">
            {project.permissions.edit ? "Add the first one below." : "The project team adds the schedule here."}
          </EmptyMessage>
        ) : (
          <ol aria-label="Milestones" className="border-l-2 border-neutral-light pl-4 dark:border-brand-700">
            {project.milestones.map((milestone, index) => (
              <MilestoneItem
                key={milestone.id}
                project={project}
                milestone={milestone}
                today={today}
                place={{ first: index === 0, last: index === project.milestones.length - 1 }}
              />
            ))}
          </ol>
        )}
      </SectionCard>
      {project.permissions.edit ? (
        <SectionCard id="add-milestone" title="Add a milestone">
          <MilestoneForm progressMode={project.progressMode} submitLabel="Add milestone" onSave={add} />
        </SectionCard>
      ) : null}
    </div>
  );
}
