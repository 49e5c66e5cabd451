import { ArrowLeft, ChevronRight, MapPin } from "lucide-react";
import { Link, useParams } from "react-router";
import type { PortfolioProject } from "../../../shared/content";
import { projectCategories, projectCategoryLabels } from "../../../shared/project-terms";
import { CoverImage } from "../../features/site/CoverImage";
import { metaDescription } from "../../features/site/meta-description";
import { siteKeys } from "../../features/site/queries";
import { useCompany, usePageSeo } from "../../features/site/use-page-seo";
import { formatMonth } from "../../lib/format";
import { useApiData } from "../../lib/site-data";

const breadcrumbLinkClass = "underline-offset-2 hover:underline";

const categoryName = (slug: string) => {
  const known = projectCategories.find((category) => category === slug);
  return known ? projectCategoryLabels[known] : slug;
};

/** The year the project was completed, or when it started if it is still under way. */
function dateLine(project: PortfolioProject): { label: string; iso: string } | null {
  if (project.status === "completed" && project.completedOn)
    return { label: `Completed ${formatMonth(project.completedOn)}`, iso: project.completedOn };
  if (project.startDate) return { label: `Under way since ${formatMonth(project.startDate)}`, iso: project.startDate };
  return null;
}

/** A portfolio project's case study (/projects/:slug); an unknown slug or a project taken off the site is 'Page Not Found'. */
export default function ProjectCaseStudyPage() {
  const { slug = "" } = useParams();
  const project = useApiData<PortfolioProject>(siteKeys.portfolioProject(slug));
  return <CaseStudy project={project} />;
}

function CaseStudy({ project }: { project: PortfolioProject }) {
  const company = useCompany();
  const path = `/projects/${project.slug}`;
  const category = categoryName(project.category);
  const place = [project.city, project.state, project.country].filter(Boolean).join(", ");
  const when = dateLine(project);
  const description = metaDescription(project.publicSummary);
  usePageSeo({
    title: `${project.title}, ${project.city} | Crestbuild Projects`,
    description,
    keywords: [project.title, `${category.toLowerCase()} construction ${project.city}`, ...company.keywords.slice(0, 3)],
    type: "article",
    image: project.coverImage,
    path,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "CreativeWork",
        name: project.title,
        description,
        genre: category,
        image: project.coverImage ?? undefined,
        locationCreated: { "@type": "Place", name: place },
        dateCreated: project.completedOn ?? project.startDate ?? undefined,
        mainEntityOfPage: path,
        creator: { "@type": "Organization", name: company.name },
      },
    ],
  });
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-sm text-brand-700 dark:text-neutral-light">
          <li>
            <Link to="/" className={breadcrumbLinkClass}>
              Home
            </Link>
          </li>
          <li className="flex items-center gap-1">
            <ChevronRight aria-hidden className="size-4" />
            <Link to="/projects" className={breadcrumbLinkClass}>
              Projects
            </Link>
          </li>
          <li className="flex min-w-0 items-center gap-1">
            <ChevronRight aria-hidden className="size-4 shrink-0" />
            <Link to={path} aria-current="page" className={`${breadcrumbLinkClass} font-semibold break-words`}>
              {project.title}
            </Link>
          </li>
        </ol>
      </nav>

      <header className="mt-6">
        <p className="font-semibold uppercase tracking-wide text-accent-700 dark:text-accent-500">{category}</p>
        <h1 className="mt-2 text-3xl font-bold leading-tight break-words md:text-5xl">{project.title}</h1>
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-brand-700 dark:text-neutral-light">
          <div className="flex items-center gap-1">
            <dt>
              <MapPin aria-hidden className="size-4" />
              <span className="sr-only">Location</span>
            </dt>
            <dd>{place}</dd>
          </div>
          {when ? (
            <div>
              <dt className="sr-only">When</dt>
              <dd>
                <time dateTime={when.iso}>{when.label}</time>
                {project.status === "completed" ? null : ` · ${project.progress}% complete`}
              </dd>
            </div>
          ) : null}
        </dl>
      </header>

      {project.coverImage ? (
        <CoverImage
          src={project.coverImage}
          alt={`${project.title}, ${project.city}`}
          priority
          sizes="(min-width: 800px) 736px, 100vw"
          className="mt-8 rounded-xl"
        />
      ) : null}

      <p className="mt-8 text-lg break-words whitespace-pre-line">{project.publicSummary}</p>

      {project.highlights.length > 0 ? (
        <section aria-labelledby="highlights" className="mt-10">
          <h2 id="highlights" className="text-xl font-semibold">
            Highlights
          </h2>
          <ul className="mt-4 flex flex-col gap-2">
            {project.highlights.map((highlight) => (
              <li key={highlight} className="rounded-lg bg-neutral-light/40 px-4 py-3 break-words dark:bg-brand-700">
                {highlight}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <footer className="mt-12 flex flex-col gap-4 border-t border-neutral-light pt-8 sm:flex-row sm:flex-wrap sm:gap-8 dark:border-brand-700">
        <Link
          to={`/projects?category=${project.category}`}
          className="inline-flex min-h-10 items-center gap-2 font-semibold text-accent-700 hover:underline dark:text-accent-500"
        >
          <ArrowLeft aria-hidden className="size-4" /> More {category.toLowerCase()} projects
        </Link>
        <Link
          to="/contact"
          className="inline-flex min-h-10 items-center gap-2 font-semibold text-accent-700 hover:underline dark:text-accent-500"
        >
          Talk to us about your project
        </Link>
      </footer>
    </article>
  );
}
