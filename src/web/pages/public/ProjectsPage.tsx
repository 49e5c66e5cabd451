import { useSearchParams } from "react-router";
import type { PortfolioProject, Service } from "../../../shared/content";
import type { Page } from "../../../shared/paging";
import { countOf } from "../../../shared/plural";
import { CategoryFilter } from "../../features/site/CategoryFilter";
import { EmptyListing } from "../../features/site/EmptyListing";
import { metaDescription } from "../../features/site/meta-description";
import { PageIntro } from "../../features/site/PageIntro";
import { Pagination } from "../../features/site/Pagination";
import { ProjectCard } from "../../features/site/ProjectCard";
import { pageNumberOf, siteKeys } from "../../features/site/queries";
import { useCompany, usePageSeo } from "../../features/site/use-page-seo";
import { useApiData } from "../../lib/site-data";

export default function ProjectsPage() {
  const company = useCompany();
  const [search] = useSearchParams();
  // The same values routes.ts derives, so the query keys match what the server pre-fetched.
  const category = search.get("category") ?? undefined;
  const page = pageNumberOf(search);
  const services = useApiData<Service[]>(siteKeys.services);
  const portfolio = useApiData<Page<PortfolioProject>>(siteKeys.portfolio(category, page));
  const service = services.find((candidate) => candidate.slug === category);
  const heading = service ? `${service.name} projects` : "Our Projects";
  usePageSeo({
    title: service
      ? `${service.name} Projects in Abuja and across Africa | Crestbuild`
      : "Our Projects | Crestbuild Construction Portfolio",
    description: metaDescription(
      service
        ? `Completed and ongoing ${service.name.toLowerCase()} projects by ${company.shortName} in Nigeria and across Africa. ${service.summary}`
        : `Homes, offices, roads and drainage delivered by ${company.shortName} in Nigeria and across Africa since ${company.foundingYear}. See completed and ongoing projects.`,
    ),
    keywords: service
      ? service.keywords
      : ["construction projects Abuja", "construction portfolio Nigeria", ...company.keywords.slice(0, 4)],
    path: "/projects",
  });
  return (
    <>
      <PageIntro eyebrow="Our portfolio" title={heading}>
        <p>
          {service
            ? service.summary
            : "A selection of the homes, workplaces and infrastructure we have built, and the projects on site today."}
        </p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <CategoryFilter
          label="Project categories"
          options={[
            { name: "All projects", to: "/projects", current: !category },
            ...services.map((option) => ({
              name: option.name,
              to: `/projects?category=${option.slug}`,
              current: option.slug === category,
            })),
          ]}
        />
        {portfolio.items.length === 0 ? (
          <EmptyListing
            title={category ? "No projects in this category yet" : "No projects to show yet"}
            back={category ? { to: "/projects", label: "See all projects" } : undefined}
          >
            {category ? "We are adding projects to our portfolio all the time." : "Our portfolio is being updated. Please check back soon."}
          </EmptyListing>
        ) : (
          <>
            <p className="mt-8 text-brand-700 dark:text-neutral-light">
              {countOf(portfolio.total, "project")}
              {portfolio.pageCount > 1 ? ` · page ${portfolio.page} of ${portfolio.pageCount}` : null}
            </p>
            <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {portfolio.items.map((project, index) => (
                <li key={project.slug}>
                  <ProjectCard project={project} headingLevel={2} priority={index === 0} />
                </li>
              ))}
            </ul>
            <Pagination basePath="/projects" page={portfolio.page} pageCount={portfolio.pageCount} query={{ category }} />
          </>
        )}
      </div>
    </>
  );
}
