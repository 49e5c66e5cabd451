import { BadgeCheck } from "lucide-react";
import type { About } from "../../../shared/content";
import { pictureSources } from "../../../shared/responsive-images";
import { ButtonLink } from "../../components/ui/Button";
import { metaDescription } from "../../features/site/meta-description";
import { PageIntro } from "../../features/site/PageIntro";
import { siteKeys } from "../../features/site/queries";
import { SiteCard } from "../../features/site/SiteCard";
import { SiteSection } from "../../features/site/SiteSection";
import { TextCard } from "../../features/site/TextCard";
import { useCompany, usePageSeo } from "../../features/site/use-page-seo";
import { useApiData } from "../../lib/site-data";

export default function AboutPage() {
  const company = useCompany();
  const about = useApiData<About>(siteKeys.about);
  usePageSeo({
    title: `About ${company.shortName} | ${company.experienceLabel} building in Abuja and across Africa`,
    description: metaDescription(about.intro),
    keywords: [
      `about ${company.shortName}`,
      "construction company Abuja",
      "building contractor Nigeria",
      "COREN registered contractor",
      "ISO 9001 construction company Nigeria",
      "construction company leadership",
      "construction company Africa",
    ],
    path: "/about",
  });
  return (
    <>
      <PageIntro eyebrow={`About ${company.shortName}`} title={about.heading}>
        <p>{about.intro}</p>
      </PageIntro>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 md:grid-cols-2">
        {[
          { name: "mission", title: "Our mission", text: about.mission },
          { name: "vision", title: "Our vision", text: about.vision },
        ].map((statement) => (
          <section
            key={statement.name}
            aria-labelledby={`${statement.name}-heading`}
            className="rounded-xl border border-neutral-light p-6 dark:border-brand-700"
          >
            <h2 id={`${statement.name}-heading`} className="text-2xl font-bold">
              {statement.title}
            </h2>
            <p className="mt-3 text-lg text-brand-700 dark:text-neutral-light">{statement.text}</p>
          </section>
        ))}
      </div>

      <SiteSection name="history" title="Our history" tinted>
        <ol className="mt-8 max-w-3xl border-l-2 border-accent-700 dark:border-accent-500">
          {about.history.map((milestone) => (
            <li key={`${milestone.year}-${milestone.title}`} className="relative pb-8 pl-6 last:pb-0">
              <span aria-hidden className="absolute top-1.5 -left-[7px] size-3 rounded-full bg-accent-700 dark:bg-accent-500" />
              <p className="font-bold text-accent-700 dark:text-neutral-light">
                <time dateTime={String(milestone.year)}>{milestone.year}</time>
              </p>
              <h3 className="mt-1 text-xl font-semibold">{milestone.title}</h3>
              <p className="mt-2 text-brand-700 dark:text-neutral-light">{milestone.text}</p>
            </li>
          ))}
        </ol>
      </SiteSection>

      <SiteSection name="values" title="Our values">
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {about.values.map((value) => (
            <TextCard key={value.title} title={value.title} text={value.text} />
          ))}
        </ul>
      </SiteSection>

      <SiteSection name="leadership" title="Leadership" tinted>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {about.leadership.map((leader) => (
            <li key={leader.name}>
              <SiteCard
                image={
                  <img
                    src={leader.image}
                    {...pictureSources(leader.image, "(min-width: 1024px) 272px, (min-width: 640px) 50vw, 100vw")}
                    alt={`Portrait of ${leader.name}`}
                    width={400}
                    height={400}
                    loading="lazy"
                    decoding="async"
                    className="h-auto w-full bg-neutral-light/40 dark:bg-brand-700"
                  />
                }
              >
                <h3 className="text-xl font-semibold">{leader.name}</h3>
                <p className="font-semibold text-accent-700 dark:text-accent-500">{leader.role}</p>
                <p className="text-brand-700 dark:text-neutral-light">{leader.bio}</p>
              </SiteCard>
            </li>
          ))}
        </ul>
      </SiteSection>

      <SiteSection name="certifications" title="Certifications and registrations">
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {about.certifications.map((certification) => (
            <li key={certification.name} className="flex gap-4 rounded-xl border border-neutral-light p-6 dark:border-brand-700">
              <BadgeCheck aria-hidden className="mt-1 size-6 shrink-0 text-accent-700 dark:text-accent-500" />
              <div>
                <h3 className="text-xl font-semibold">{certification.name}</h3>
                <p className="mt-1 text-sm font-semibold text-accent-700 dark:text-accent-500">{certification.issuer}</p>
                <p className="mt-2 text-brand-700 dark:text-neutral-light">{certification.detail}</p>
              </div>
            </li>
          ))}
        </ul>
      </SiteSection>

      <section aria-labelledby="cta-heading" className="bg-brand-900 text-white dark:border-t dark:border-brand-700">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta-heading" className="text-3xl font-bold">
              Planning a project?
            </h2>
            <p className="mt-2 text-lg text-neutral-light">Talk to our engineers about your site, budget and programme.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/contact" variant="inverse">
              Contact us
            </ButtonLink>
            <ButtonLink to="/projects" className="border border-white">
              See our projects
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
