import { useId, useState } from "react";
import { weatherKinds } from "../../../shared/project-terms";
import { siteUpdateSchema } from "../../../shared/projects";
import { snagCreateSchema } from "../../../shared/snags";
import { SelectField, TextAreaField, TextField } from "../../components/form/form-fields";
import { WeatherOptions } from "../../components/form/WeatherOptions";
import { Button } from "../../components/ui/Button";
import { DraftForm, fieldMessages, type TextFields } from "./outbox/draft-form";
import { useOutboxContext } from "./outbox/outbox-context";
import type { DiaryFields, SnagFields } from "./outbox/outbox-items";
import { SiteCamera } from "./SiteCamera";

type Action = "diary" | "snag" | "media";
const actionLabels: Record<Action, string> = { diary: "New diary entry", snag: "New snag", media: "Add photos" };

const checkDiary = (fields: TextFields) => {
  const parsed = siteUpdateSchema.safeParse(fields);
  return parsed.success ? {} : fieldMessages(parsed.error.issues);
};
const checkSnag = (fields: TextFields) => {
  const parsed = snagCreateSchema.safeParse(fields);
  return parsed.success ? {} : fieldMessages(parsed.error.issues);
};

const diaryOf = (fields: TextFields): DiaryFields => ({
  body: fields.body ?? "",
  weather: (weatherKinds as readonly string[]).includes(fields.weather ?? "") ? (fields.weather as DiaryFields["weather"]) : "",
  workersOnSite: fields.workersOnSite ?? "",
  equipment: fields.equipment ?? "",
  delays: fields.delays ?? "",
});
const snagOf = (fields: TextFields): SnagFields => ({
  title: fields.title ?? "",
  location: fields.location ?? "",
  dueOn: fields.dueOn ?? "",
});

/**
 * What is done on site for a project: write the diary, raise a snag, add photos or videos. Each is kept on the phone
 * first and sent from the outbox (docs/decisions/151-site-app-outbox.md): it works the same with no network.
 */
export function SiteActions({ projectId, projectTitle }: { projectId: number; projectTitle: string }) {
  const outbox = useOutboxContext();
  const [open, setOpen] = useState<Action | null>(null);
  const [kept, setKept] = useState<string | null>(null);
  const panelId = useId();
  const project = { id: projectId, title: projectTitle };
  const done = (what: string | null) => {
    setOpen(null);
    setKept(what);
  };

  return (
    <div className="flex flex-col gap-3">
      <nav aria-label={`Site actions for ${projectTitle}`} className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-3">
        {(Object.keys(actionLabels) as Action[]).map((action, index) => (
          <Button
            key={action}
            variant={index === 0 ? "primary" : "secondary"}
            className="px-3"
            aria-expanded={open === action}
            aria-controls={open === action ? panelId : undefined}
            onClick={() => {
              setKept(null);
              setOpen(open === action ? null : action);
            }}
          >
            {actionLabels[action]}
          </Button>
        ))}
      </nav>
      {kept ? (
        <p role="status" className="text-sm">
          {kept}
        </p>
      ) : null}
      <div id={panelId} hidden={open === null}>
        {open === "diary" ? (
          <DraftForm
            label={`New diary entry for ${projectTitle}`}
            submitLabel="Keep to send"
            files="photos"
            check={checkDiary}
            keep={(fields, photos) => outbox.queue(project, { kind: "diary", fields: diaryOf(fields) }, photos)}
            onDone={() => done("The diary entry is in the outbox below.")}
          >
            {(errors) => <DiaryFieldsInputs errors={errors} />}
          </DraftForm>
        ) : null}
        {open === "snag" ? (
          <DraftForm
            label={`New snag for ${projectTitle}`}
            submitLabel="Keep to send"
            files="photos"
            check={checkSnag}
            keep={(fields, photos) => outbox.queue(project, { kind: "snag", fields: snagOf(fields) }, photos)}
            onDone={() => done("The snag is in the outbox below.")}
          >
            {(errors) => (
              <>
                <TextField name="title" label="Title" maxLength={160} error={errors.title} />
                <TextField name="location" label="Where" maxLength={160} error={errors.location} />
                <TextField name="dueOn" type="date" label="Due on" optional error={errors.dueOn} />
              </>
            )}
          </DraftForm>
        ) : null}
        {open === "media" ? (
          <div className="flex flex-col gap-4">
            <SiteCamera project={project} />
            <DraftForm
              label={`Add photos or videos to ${projectTitle}`}
              submitLabel="Keep to send"
              files="photos-and-videos"
              filesRequired
              check={() => ({})}
              keep={(_fields, files) => outbox.queueFiles(project, files)}
              onDone={() => done("The photos are in the outbox below.")}
            >
              {() => null}
            </DraftForm>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function DiaryFieldsInputs({ errors }: { errors: Record<string, string> }) {
  return (
    <>
      <TextAreaField name="body" label="What happened today" rows={4} maxLength={5000} error={errors.body} />
      <SelectField name="weather" label="Weather" optional error={errors.weather} defaultValue="">
        <WeatherOptions />
      </SelectField>
      <TextField name="workersOnSite" label="Workers on site" optional inputMode="numeric" error={errors.workersOnSite} />
      <TextAreaField name="equipment" label="Equipment" optional rows={2} maxLength={1000} error={errors.equipment} />
      <TextAreaField name="delays" label="Delays" optional rows={2} maxLength={1000} error={errors.delays} />
    </>
  );
}
