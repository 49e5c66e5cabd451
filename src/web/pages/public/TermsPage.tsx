import { Link } from "react-router";
import { legalPages } from "../../../shared/legal";
import { LegalDocument, type LegalSection } from "../../features/site/LegalDocument";
import { useCompany, usePageSeo } from "../../features/site/use-page-seo";

/** The terms of use of the website and the portal. */
export default function TermsPage() {
  const company = useCompany();
  const { privacy, terms } = legalPages;
  usePageSeo({
    title: `Terms of use | ${company.shortName}`,
    description: `The terms for using ${company.shortName}'s website and its client and staff portal: accounts, acceptable use, your content, our content and the law that applies.`,
    keywords: ["Crestbuild terms of use", "Crestbuild portal terms", "construction client portal terms Nigeria"],
    path: terms.path,
  });
  const email = (
    <a href={`mailto:${company.email}`} className="break-all">
      {company.email}
    </a>
  );

  const sections: LegalSection[] = [
    {
      id: "about-these-terms",
      title: "About these terms",
      body: (
        <p>
          These terms govern the use of this website and of the portal behind <Link to="/login">Sign in</Link>, run by {company.name} ("
          {company.shortName}", "we"). By creating an account or using the portal you accept them. How we handle personal data is in our{" "}
          <Link to={privacy.path}>{privacy.title.toLowerCase()}</Link>.
        </p>
      ),
    },
    {
      id: "website",
      title: "The website",
      body: (
        <p>
          The website describes our services, past projects and news for information. Nothing on it is an offer or a quotation: the price,
          scope and programme of any work are agreed in a written contract with {company.shortName}. Figures and pictures of past projects
          describe those projects only.
        </p>
      ),
    },
    {
      id: "accounts",
      title: "Your account",
      body: (
        <ul>
          <li>Give your real name and an email address you use; keep them up to date in your settings.</li>
          <li>
            An account is for one person. Keep your password and codes to yourself, and turn on two-step sign-in. Tell us at once at {email}{" "}
            if you think someone else has used your account.
          </li>
          <li>Staff accounts are for {company.shortName} employees and wait for an administrator's approval before their first sign-in.</li>
          <li>
            We may block an account that breaks these terms or puts others at risk; write to us if you think yours was blocked by mistake.
          </li>
          <li>
            You may delete your account at any time in <Link to="/settings#delete-account">Settings → Delete account</Link>.
          </li>
        </ul>
      ),
    },
    {
      id: "acceptable-use",
      title: "Acceptable use",
      body: (
        <>
          <p>When you use the website or the portal, do not:</p>
          <ul>
            <li>try to reach accounts, projects or conversations that are not yours, or test our security without our written consent;</li>
            <li>send malicious files, or overload the service with automated requests;</li>
            <li>post anything unlawful, defamatory, harassing, or that infringes someone else's rights;</li>
            <li>share what you see about a project with people it does not concern without the agreement of the people it concerns.</li>
          </ul>
          <p>The portal limits how often some actions can be repeated, to keep it available to everyone.</p>
        </>
      ),
    },
    {
      id: "your-content",
      title: "What you upload and write",
      body: (
        <p>
          Messages, photos and documents you add remain yours. You allow {company.shortName} and the people working on the project to use
          them for the project and to keep them in its records. Make sure you have the right to share what you upload. Photos are converted
          on upload and their location data removed.
        </p>
      ),
    },
    {
      id: "our-content",
      title: "Our content",
      body: (
        <p>
          The website's text, pictures, logos and project descriptions belong to {company.shortName} or those who licensed them to us. You
          may share links to our pages; ask us before reusing anything else.
        </p>
      ),
    },
    {
      id: "availability",
      title: "Availability and liability",
      body: (
        <p>
          We work to keep the website and portal available and correct, but we may pause them for maintenance, and information in the portal
          does not replace the contract and the documents signed for your project. Nothing in these terms limits a liability that Nigerian
          law does not allow us to limit.
        </p>
      ),
    },
    {
      id: "law",
      title: "Law and disputes",
      body: (
        <p>
          These terms are governed by the laws of the Federal Republic of Nigeria. We will try to settle any disagreement with you first;
          otherwise the courts of the Federal Capital Territory, Abuja, decide.
        </p>
      ),
    },
    {
      id: "contact-and-changes",
      title: "Contact and changes",
      body: (
        <p>
          Write to {email}, call {company.phone} or use the <Link to="/contact">contact page</Link>. When we change these terms we publish
          the new text here with its date at the top.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title={terms.title}
      updatedOn={terms.updatedOn}
      intro={<p>The rules for using our website and the client and staff portal.</p>}
      sections={sections}
    />
  );
}
