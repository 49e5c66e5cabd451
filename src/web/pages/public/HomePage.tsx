import { ArrowRight, Star } from "lucide-react";
import { Link } from "react-router";
import type { HomeContent } from "../../../shared/content";
import { ButtonLink } from "../../components/ui/Button";
import { BlogPostCard } from "../../features/site/BlogPostCard";
import { CoverImage } from "../../features/site/CoverImage";
import { ProjectCard } from "../../features/site/ProjectCard";
import { siteKeys } from "../../features/site/queries";
import { SiteSection } from "../../features/site/SiteSection";
import { TextCard } from "../../features/site/TextCard";
import { useCompany, usePageSeo } from "../../features/site/use-page-seo";
import { useApiData } from "../../lib/site-data";

export default function HomePage() {
  const company = useCompany();
  const home = useApiData<HomeContent>(siteKeys.home);
  usePageSeo({
    title: `${company.name} | ${company.tagline}`,
    description: company.description,
    keywords: company.keywords,
    path: "/",
  });
  const stats = [
    { value: `${home.stats.yearsInBusiness}`, label: `years building since ${company.foundingYear}` },
    { value: `${home.stats.portfolioProjects}`, label: "projects in our portfolio" },
    { value: `${home.stats.countries}`, label: "countries across Africa" },
    { value: `${company.rating.value}/5`, label: `from ${company.rating.count} client reviews` },
  ];
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2 md:py-24">
          <div>
            <p className="font-semibold uppercase tracking-wide text-accent-500">{company.tagline}</p>
            <h1 className="mt-3 text-4xl font-bold leading-tight md:text-5xl">{company.hero.heading}</h1>
            <p className="mt-5 text-lg text-neutral-light">{company.hero.subheading}</p>
            <p className="mt-4 flex items-center gap-2 text-neutral-light">
              <Star aria-hidden className="size-5 fill-accent-500 text-accent-500" />
              Rated {company.rating.value} from {company.rating.count} reviews · {company.experienceLabel} of building
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/contact" variant="inverse">
                Request a quote
              </ButtonLink>
              <ButtonLink to="/projects" className="border border-white">
                See our projects
              </ButtonLink>
            </div>
          </div>
          <CoverImage
            src={home.featuredProjects[0]?.coverImage ?? "/brand/logo.svg"}
            alt={home.featuredProjects[0]?.title ?? company.name}
            priority
            sizes="(min-width: 1152px) 544px, (min-width: 768px) 50vw, 100vw"
            className="rounded-xl"
          />
        </div>
      </section>

      <section aria-labelledby="stats-heading" className="border-b border-neutral-light dark:border-brand-700">
        <h2 id="stats-heading" className="sr-only">
          Crestbuild in numbers
        </h2>
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 md:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label}>
              <dt className="text-sm text-brand-700 dark:text-neutral-light">{stat.label}</dt>
              <dd className="order-first text-3xl font-bold text-accent-700 dark:text-accent-500">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <SiteSection name="services" title="What we build">
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {home.services.map((service) => (
            <TextCard key={service.slug} title={service.name} text={service.summary}>
              <Link
                to={`/services/${service.slug}`}
                className="mt-4 inline-flex items-center gap-1 font-semibold text-accent-700 dark:text-accent-500"
              >
                More on {service.name.toLowerCase()} <ArrowRight aria-hidden className="size-4" />
              </Link>
            </TextCard>
          ))}
        </ul>
      </SiteSection>

      <SiteSection
        name="projects"
        title="Recent projects"
        tinted
        action={
          <Link to="/projects" className="font-semibold text-accent-700 underline-offset-2 hover:underline dark:text-neutral-light">
            All projects
          </Link>
        }
      >
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {home.featuredProjects.map((project) => (
            <li key={project.slug}>
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
      </SiteSection>

      <SiteSection
        name="posts"
        title="From the blog"
        action={
          <Link to="/blog" className="font-semibold text-accent-700 dark:text-accent-500">
            All articles
          </Link>
        }
      >
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {home.latestPosts.map((post) => (
            <li key={post.slug}>
              <BlogPostCard post={post} />
            </li>
          ))}
        </ul>
      </SiteSection>
    </>
  );
}
