import { CircleCheck, Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { contactAcknowledgement } from "../../../shared/contact-acknowledgement";
import { EmailField, FormAlert, TextAreaField, TextField } from "../../components/form/form-fields";
import { usePublicForm } from "../../components/form/use-public-form";
import { Button } from "../../components/ui/Button";
import { mapsHref, phoneHref, socialLinksOf, whatsappHref } from "../../features/site/contact-links";
import { metaDescription } from "../../features/site/meta-description";
import { PageIntro } from "../../features/site/PageIntro";
import { useCompany, usePageSeo } from "../../features/site/use-page-seo";

const visibleFields = ["name", "email", "phone", "subject", "message"] as const;

/** The office's street plan, drawn for the site (no map tiles or scripts from elsewhere); the position is content/company.json's geo. */
const OFFICE_MAP = "/images/contact/office-map.svg";

// zod (with the schema) and the HTTP client load when the form is first used, not with the page.
const loadSchema = () => import("../../../shared/contact").then((module) => module.contactInquirySchema);

export default function ContactPage() {
  const company = useCompany();
  usePageSeo({
    title: "Contact Crestbuild | Construction Company in Abuja",
    description: metaDescription(
      `Contact ${company.name}, ${company.address.locality}, for a quote on your building or civil engineering project. Call ${company.phone} or send us a message.`,
    ),
    keywords: ["contact Crestbuild", "construction quote Abuja", "building contractor Abuja contact", ...company.keywords.slice(0, 3)],
    path: "/contact",
  });
  const socials = socialLinksOf(company);
  const fullAddress = `${company.address.street}, ${company.address.locality}, ${company.address.region}`;
  return (
    <>
      <PageIntro eyebrow="Get in touch" title="Contact Us">
        <p>Tell us about your project, whether it is a new home, an office fit-out or a road. Our team replies within one working day.</p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-5 lg:py-16">
        <section aria-labelledby="form-heading" className="lg:col-span-3">
          <h2 id="form-heading" className="text-2xl font-bold">
            Send us a message
          </h2>
          <ContactForm />
        </section>

        <aside aria-labelledby="details-heading" className="lg:col-span-2">
          <div className="rounded-xl bg-neutral-light/30 p-6 dark:bg-brand-700/40">
            <h2 id="details-heading" className="text-2xl font-bold">
              Visit or call us
            </h2>
            <ul className="mt-6 flex flex-col gap-5">
              <li className="flex gap-3">
                <MapPin aria-hidden className="mt-0.5 size-5 shrink-0" />
                <address className="not-italic">
                  {company.name}
                  <br />
                  {company.address.street}
                  <br />
                  {company.address.locality}, {company.address.region} {company.address.postalCode}
                  <br />
                  {company.address.countryName}
                </address>
              </li>
              <li className="flex gap-3">
                <Phone aria-hidden className="mt-0.5 size-5 shrink-0" />
                <a href={phoneHref(company.phone)} className="font-semibold underline underline-offset-2">
                  <span className="sr-only">Phone: </span>
                  {company.phone}
                </a>
              </li>
              <li className="flex gap-3">
                <Mail aria-hidden className="mt-0.5 size-5 shrink-0" />
                <div className="flex min-w-0 flex-col gap-1">
                  <a href={`mailto:${company.enquiriesEmail}`} className="font-semibold break-words underline underline-offset-2">
                    <span className="sr-only">Email for project enquiries: </span>
                    {company.enquiriesEmail}
                  </a>
                  <span className="text-sm text-brand-700 dark:text-neutral-light">
                    General questions:{" "}
                    <a href={`mailto:${company.email}`} className="break-words underline underline-offset-2">
                      {company.email}
                    </a>
                  </span>
                </div>
              </li>
            </ul>
            <h3 className="mt-8 flex items-center gap-2 text-lg font-semibold">
              <Clock aria-hidden className="size-5" /> Opening hours
            </h3>
            <dl className="mt-3 flex flex-col gap-2">
              {company.openingHours.map((entry) => (
                <div key={entry.days} className="flex flex-wrap justify-between gap-x-6">
                  <dt>{entry.days}</dt>
                  <dd className="font-semibold">{entry.hours}</dd>
                </div>
              ))}
            </dl>
            {company.whatsapp ? (
              <a
                href={whatsappHref(company.whatsapp, `Hello ${company.shortName}, I would like to talk about a project.`)}
                className="mt-8 inline-flex min-h-11 items-center gap-2 rounded-md bg-green-800 px-4 py-2 font-semibold text-white hover:bg-green-900 dark:bg-green-700 dark:hover:bg-green-800"
              >
                <MessageCircle aria-hidden className="size-5 shrink-0" />
                Chat with us on WhatsApp
                <span className="sr-only"> ({company.whatsapp})</span>
              </a>
            ) : null}
            {socials.length > 0 ? (
              <>
                <h3 id="socials-heading" className="mt-8 text-lg font-semibold">
                  Follow us
                </h3>
                <ul aria-labelledby="socials-heading" className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
                  {socials.map((social) => (
                    <li key={social.key}>
                      <a
                        href={social.href}
                        rel="me noopener"
                        className="inline-flex min-h-10 items-center font-semibold underline underline-offset-2"
                      >
                        {social.name}
                        <span className="sr-only">
                          {" "}
                          ({company.shortName} on {social.name})
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        </aside>
      </div>
      <section aria-labelledby="map-heading" className="mx-auto max-w-6xl px-4 pb-12 lg:pb-16">
        <h2 id="map-heading" className="text-2xl font-bold">
          Find our office
        </h2>
        <figure className="mt-6 overflow-hidden rounded-xl border border-neutral-light dark:border-brand-700">
          <img
            src={OFFICE_MAP}
            width={640}
            height={400}
            loading="lazy"
            decoding="async"
            alt={`Street plan of ${company.address.locality} with our office marked at ${fullAddress}`}
            className="block h-auto w-full bg-neutral-light/30"
          />
          <figcaption className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <span>{fullAddress}</span>
            <a href={mapsHref(company.geo)} className="inline-flex min-h-10 items-center gap-2 font-semibold underline underline-offset-2">
              <MapPin aria-hidden className="size-5 shrink-0" />
              Open in a maps app
            </a>
          </figcaption>
        </figure>
      </section>
    </>
  );
}

function ContactForm() {
  const { register, submit, failure, reset, setFocus, prefetch, errors, isSubmitting } = usePublicForm(loadSchema, {
    fields: visibleFields,
  });
  const [sent, setSent] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const hasSent = useRef(false);

  // Keyboard and screen reader users land on whatever replaced the control they just used.
  useEffect(() => {
    if (sent) {
      hasSent.current = true;
      statusRef.current?.focus();
    } else if (hasSent.current) {
      setFocus("name");
    }
  }, [sent, setFocus]);

  const onSubmit = submit(async (values) => {
    const { apiRequest } = await import("../../lib/http/client");
    await apiRequest<null>("POST", "/contact", values);
    setSent(true);
  });

  if (sent) {
    return (
      <div
        ref={statusRef}
        role="status"
        tabIndex={-1}
        className="mt-6 flex flex-col items-start gap-4 rounded-xl border border-green-700 bg-green-50 p-6 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
      >
        <p className="flex items-center gap-2 text-lg font-semibold">
          <CircleCheck aria-hidden className="size-6" /> Message sent
        </p>
        <p>{contactAcknowledgement}</p>
        <Button
          variant="secondary"
          onClick={() => {
            reset();
            setSent(false);
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} onFocus={prefetch} className="relative mt-6 flex flex-col gap-5">
      <p className="text-sm text-brand-700 dark:text-neutral-light">All fields are required unless marked optional.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" error={errors.name} {...register("name")} />
        <EmailField label="Email" error={errors.email} {...register("email")} />
      </div>
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        optional
        hint="Include the country code if you are outside Nigeria."
        error={errors.phone}
        {...register("phone")}
      />
      <TextField label="Subject" error={errors.subject} {...register("subject")} />
      <TextAreaField label="Message" rows={6} error={errors.message} {...register("message")} />
      {/* Honeypot: off-screen and out of the tab order, so only bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 size-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
      </div>
      <FormAlert message={failure} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Sending..." : "Send message"}
        </Button>
      </div>
    </form>
  );
}
