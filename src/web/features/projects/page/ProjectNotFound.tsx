import { projectMessages } from "../../../../shared/projects";
import { ButtonLink } from "../../../components/ui/Button";

/** A project that does not exist, or that the viewer may not see (the API does not tell them apart). */
export function ProjectNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <p className="text-6xl font-bold text-accent-700 dark:text-accent-500">404</p>
      <h1 className="text-3xl font-bold">{projectMessages.notFound}</h1>
      <p className="text-brand-700 dark:text-neutral-light">It does not exist, or it is not one of your projects.</p>
      <ButtonLink to="/dashboard">Back to your dashboard</ButtonLink>
    </section>
  );
}
