import { ArrowRight, Check } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useParams } from "react-router";
import type { Service } from "../../../shared/content";
import { ButtonLink } from "../../components/ui/Button";
import { CategoryFilter } from "../../features/site/CategoryFilter";
import { CoverImage } from "../../features/site/CoverImage";
import { metaDescription } from "../../features/site/meta-description";
import { PageIntro } from "../../features/site/PageIntro";
import { siteKeys } from "../../features/site/queries";
import { SiteCard } from "../../features/site/SiteCard";
import { useCompany, usePageSeo } from "../../features/site/use-page-seo";
import { useApiData } from "../../lib/site-data";

/** SPEC: /services lists every service; /services/:category is the same screen showing that one service. */
export default function ServicesPage() {
  const { category } = useParams();
  const services = useApiData<Service[]>(siteKeys.services);
  const filter = (
    <div className="mx-auto max-w-6xl px-4">
      <CategoryFilter
        label="Services"
        options={[
          { name: "All services", to: "/services", current: !category },
          ...services.map((service) => ({ name: service.name, to: `/services/${service.slug}`, current: service.slug === category })),
        ]}
      />
    </div>
  );
  return category ? <ServiceDetail slug={category} filter={filter} /> : <ServiceOverview services={services} filter={filter} />;
}

function ServiceOverview({ services, filter }: { services: Service[]; filter: ReactNode }) {
  const company = useCompany();
  const { pathname } = useLocation();
  usePageSeo({
    title: "Construction Services in Abuja and across Africa | Crestbuild",
    description: `Homes, offices, roads, renovations, design and build, and project management from ${company.shortName}, building in Abuja and across Africa since ${company.foundingYear}.`,
    keywords: [...new Set(services.flatMap((service) => service.keywords.slice(0, 2)))],
    path: pathname,
  });
  return (
    <>
      <PageIntro eyebrow="Our services" title="Construction services">
        <p>
          From family homes to highways, {company.shortName} plans, designs, builds and manages projects in Abuja and across Africa, with
          COREN-registered engineers and certified site teams.
        </p>
      </PageIntro>
      {filter}
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-10 md:grid-cols-2">
        {services.map((service, index) => (
          <li key={service.slug}>
            <SiteCard
              image={
                <CoverImage src={service.image} priority={index === 0} sizes="(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw" />
              }
              bodyClassName="gap-3 p-6"
            >
              <h2 className="text-2xl font-semibold">{service.name}</h2>
              <p className="text-brand-700 dark:text-neutral-light">{service.summary}</p>
              <h3 className="mt-2 text-sm font-semibold uppercase tracking-wide">What we offer</h3>
              <OfferingList offerings={service.offerings} />
              <Link
                to={`/services/${service.slug}`}
                className="mt-auto inline-flex min-h-10 items-center gap-1 pt-2 font-semibold text-accent-700 hover:underline dark:text-accent-500"
              >
                More about {service.name.toLowerCase()} <ArrowRight aria-hidden className="size-4" />
              </Link>
            </SiteCard>
          </li>
        ))}
      </ul>
    </>
  );
}

function ServiceDetail({ slug, filter }: { slug: string; filter: ReactNode }) {
  const service = useApiData<Service>(siteKeys.service(slug));
  const { pathname } = useLocation();
  usePageSeo({
    title: `${service.name} in Abuja, Nigeria | Crestbuild`,
    description: metaDescription(service.summary),
    keywords: service.keywords,
    path: pathname,
  });
  return (
    <>
      <PageIntro eyebrow="Our services" title={service.name}>
        <p>{service.summary}</p>
      </PageIntro>
      {filter}
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <CoverImage src={service.image} priority sizes="(min-width: 1024px) 736px, 100vw" className="rounded-xl" />
          <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: service.descriptionHtml }} />
        </div>
        <aside className="flex flex-col gap-6">
          <section aria-labelledby="offerings-heading" className="rounded-xl border border-neutral-light p-6 dark:border-brand-700">
            <h2 id="offerings-heading" className="text-xl font-semibold">
              What we offer
            </h2>
            <div className="mt-4">
              <OfferingList offerings={service.offerings} />
            </div>
          </section>
          <section aria-labelledby="cta-heading" className="rounded-xl bg-brand-900 p-6 text-white dark:border dark:border-brand-700">
            <h2 id="cta-heading" className="text-xl font-semibold">
              Start your project
            </h2>
            <p className="mt-2 text-neutral-light">Tell us about your site and plans, and we will reply within one working day.</p>
            <div className="mt-5 flex flex-col gap-3">
              <ButtonLink to="/contact" variant="inverse">
                Request a quote
              </ButtonLink>
              <ButtonLink to={`/projects?category=${encodeURIComponent(service.slug)}`} className="border border-white">
                See {service.name.toLowerCase()} projects
              </ButtonLink>
            </div>
          </section>
        </aside>
      </div>
    </>
  );
}

function OfferingList({ offerings }: { offerings: string[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {offerings.map((offering) => (
        <li key={offering} className="flex gap-2">
          <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-700 dark:text-accent-500" />
          <span>{offering}</span>
        </li>
      ))}
    </ul>
  );
}
