import { useQueryClient } from "@tanstack/react-query";
import { LocateFixed } from "lucide-react";
import { useState } from "react";
import { DEFAULT_SITE_RADIUS_METRES } from "../../../../shared/evidence";
import { type ProjectDetail, projectSiteSchema } from "../../../../shared/projects";
import { mutedTextClass, TextField } from "../../../components/form/form-fields";
import { useApiForm } from "../../../components/form/use-api-form";
import { Button } from "../../../components/ui/Button";
import { DialogButton } from "../../../components/ui/DialogButton";
import { SectionCard } from "../../../components/ui/SectionCard";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi } from "../api";
import { ProjectForm } from "../ProjectForm";

const degrees = (value: number) => value.toFixed(5);

function SiteForm({ project, onSaved }: { project: ProjectDetail; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const [locating, setLocating] = useState<string | null>(null);
  const form = useApiForm(projectSiteSchema, {
    defaultValues: project.site ?? { radiusMetres: DEFAULT_SITE_RADIUS_METRES },
    fields: ["latitude", "longitude", "radiusMetres"],
  });
  const asNumber = { valueAsNumber: true } as const;

  // Standing on the site, the phone's position is the centre; its accuracy says how far to trust it.
  const takeMyPosition = () => {
    if (!("geolocation" in navigator)) return setLocating("This browser cannot tell where it is: type the coordinates.");
    setLocating("Finding where you are...");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        form.setValue("latitude", Number(degrees(coords.latitude)), { shouldValidate: true });
        form.setValue("longitude", Number(degrees(coords.longitude)), { shouldValidate: true });
        setLocating(`Your position, to within ${Math.round(coords.accuracy)} m.`);
      },
      () => setLocating("Your position could not be read (is location allowed for this site?): type the coordinates."),
      { enableHighAccuracy: true, timeout: 20_000 },
    );
  };

  const onSubmit = form.submit(async (site) => {
    await projectsApi.update(project.id, { site });
    await refreshProjects(queryClient);
    toast.success("Site saved.", { description: "New photos are checked against it." });
    onSaved();
  });

  return (
    <div className="flex flex-col gap-4">
      <p className={`text-sm ${mutedTextClass}`}>
        A photo is verified when the portal's camera took it inside this circle and it was sent at once. Stand in the middle of the site and
        use your position, or type the coordinates (decimal degrees, as a map shows them).
      </p>
      <div className="flex flex-col gap-2">
        <Button variant="secondary" onClick={takeMyPosition} className="self-start">
          <LocateFixed aria-hidden className="size-5" />
          Use my position
        </Button>
        {locating ? (
          <p role="status" className="text-sm">
            {locating}
          </p>
        ) : null}
      </div>
      <ProjectForm
        form={form}
        onSubmit={onSubmit}
        pending={form.formState.isSubmitting}
        submitLabel="Save the site"
        pendingLabel="Saving..."
      >
        <TextField label="Latitude" inputMode="decimal" {...form.field("latitude", asNumber)} />
        <TextField label="Longitude" inputMode="decimal" {...form.field("longitude", asNumber)} />
        <TextField label="Radius (metres)" inputMode="numeric" {...form.field("radiusMetres", asNumber)} />
      </ProjectForm>
    </div>
  );
}

/** Where the project's photos are checked: the site as a circle, set by those who may edit the project. */
export function SiteCircle({ project }: { project: ProjectDetail }) {
  const { site } = project;
  return (
    <SectionCard id="site-circle" title="Where photos are checked">
      <div className="flex flex-col gap-3">
        {site ? (
          <p>
            Within {site.radiusMetres.toLocaleString("en-NG")} m of {degrees(site.latitude)}, {degrees(site.longitude)}.
          </p>
        ) : (
          <p className={mutedTextClass}>No site is set yet, so no photo of this project can be verified.</p>
        )}
        {project.permissions.edit ? (
          <div>
            <DialogButton variant="secondary" label={site ? "Change the site" : "Set the site"} title="The site's position" size="lg">
              {(close) => <SiteForm project={project} onSaved={close} />}
            </DialogButton>
          </div>
        ) : null}
      </div>
    </SectionCard>
  );
}
