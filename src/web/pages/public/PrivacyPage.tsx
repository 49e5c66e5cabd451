import { Link } from "react-router";
import { legalPages } from "../../../shared/legal";
import { countOf } from "../../../shared/plural";
import { RETENTION, SESSION_LIMITS } from "../../../shared/retention";
import { LegalDocument, type LegalSection } from "../../features/site/LegalDocument";
import { useCompany, usePageSeo } from "../../features/site/use-page-seo";

const days = (count: number) => countOf(count, "day");

/**
 * The privacy notice: what the product collects, why, for how long, and the rights of the Nigeria Data Protection Act
 * 2023 with where to use them. Every duration comes from src/shared/retention.ts, which the server applies.
 */
export default function PrivacyPage() {
  const company = useCompany();
  const { privacy, terms } = legalPages;
  usePageSeo({
    title: `Privacy notice | ${company.shortName}`,
    description: `What ${company.shortName} collects through its website and client portal, why, how long it is kept, and how to use your rights under the Nigeria Data Protection Act 2023.`,
    keywords: ["Crestbuild privacy notice", "Nigeria Data Protection Act 2023", "NDPA data subject rights", "personal data Crestbuild"],
    path: privacy.path,
  });
  const address = `${company.address.street}, ${company.address.locality}, ${company.address.region} ${company.address.postalCode}, ${company.address.countryName}`;
  const email = (
    <a href={`mailto:${company.email}`} className="break-all">
      {company.email}
    </a>
  );

  const sections: LegalSection[] = [
    {
      id: "who-we-are",
      title: "Who we are",
      body: (
        <>
          <p>
            {company.name} ("{company.shortName}", "we") decides why and how the personal data described here is used: we are its data
            controller under the Nigeria Data Protection Act 2023 (NDPA). Our office is at {address}.
          </p>
          <p>
            For any question about your data, or to use one of your rights, write to {email} or call {company.phone}. This notice covers
            this website and the client and staff portal behind <Link to="/login">Sign in</Link>.
          </p>
        </>
      ),
    },
    {
      id: "what-we-collect",
      title: "What we collect and why",
      body: (
        <>
          <h3>When you send us a message</h3>
          <p>
            The <Link to="/contact">contact form</Link> keeps your name, email address, phone number if you give one, subject and message,
            with the internet address and browser it was sent from. We use them to answer you and, if you ask us to build, to prepare your
            project; the internet address and browser help us stop abuse of the form. We email you an acknowledgement.
          </p>
          <h3>When you have an account</h3>
          <ul>
            <li>
              <strong>Your profile</strong>: first and last name, email address, and, if you give them, phone number, company, location and
              a profile photo; for staff, your department. We need them to give you the portal and to know who is who in a project.
            </li>
            <li>
              <strong>How you sign in</strong>: your password, stored only as a one-way hash we cannot read back; if you turn them on, your
              authenticator app's secret and recovery codes (stored protected), your passkeys (the public part only) and the identity
              providers you link (the provider and your account there). They keep your account yours.
            </li>
            <li>
              <strong>Your sign-in sessions</strong>: for each device you sign in on, when, from which internet address and with which
              browser. A session ends after {countOf(SESSION_LIMITS.idleMinutes, "minute")} without use and at the latest{" "}
              {countOf(SESSION_LIMITS.maxHours, "hour")} after you signed in. You can see and end them in the security centre.
            </li>
            <li>
              <strong>The access log</strong>: security events such as sign-ins and failed attempts, password, email and two-step sign-in
              changes, and copies of your data, each with its time, internet address and browser. It lets you and our administrators spot
              someone else using your account, and raises alerts on attacks.
            </li>
            <li>
              <strong>Your projects</strong> (clients): what you ask us to build and what we record while building it: site address,
              schedule, budget, progress, site diary, photos and documents.
            </li>
            <li>
              <strong>Messages and notifications</strong>: what you write in project conversations, department channels and direct messages,
              the photos you attach, what you have read, and the notifications you receive with your choice of which ones also come by
              email. Staff and administrators see who is online.
            </li>
            <li>
              <strong>Calls</strong> (staff): who started a call, who was rung, who joined or declined and when, and whether camera,
              microphone or screen sharing were on. Calls are not recorded: sound and picture go between the browsers in the call, or
              through our relay server when a network needs one, and are not kept.
            </li>
            <li>
              <strong>Emails we send you</strong> (codes, notices, notifications), kept so that our administrators can see what was sent.
            </li>
          </ul>
          <p>
            Photos you upload are converted on our server, which removes the camera's details and any GPS location they carry. Private
            photos and documents are shown only to the people who may see the project or conversation.
          </p>
          <h3>When you visit the website</h3>
          <p>
            We count visits to the public pages without cookies and without knowing who you are: the page, the site you came from (its name
            only), whether the screen is a phone, tablet or computer, and how fast the page loaded. A visitor is counted by a one-way code
            made from the internet address, the browser and a secret that is replaced every day, so a visitor cannot be followed from one
            day to the next. If your browser sends "Do Not Track" or "Global Privacy Control", the visit is not counted at all.
          </p>
        </>
      ),
    },
    {
      id: "legal-bases",
      title: "Our lawful bases",
      body: (
        <ul>
          <li>
            <strong>A contract with you</strong>, or steps you ask for before one: your account, your projects, messages and emails about
            them, answering your inquiry.
          </li>
          <li>
            <strong>Our legitimate interests</strong>, weighed against yours: the access log, security alerts and blocking of attacking
            addresses, the record of emails sent, and counting visits without identifying anyone.
          </li>
          <li>
            <strong>Legal obligations</strong>: the NDPA's duty to keep personal data secure, and the building records the law requires us
            to keep for projects.
          </li>
          <li>
            <strong>Your consent</strong>, for what you choose to give: optional profile details, your photo, email notifications. You may
            withdraw it at any time (see "Your rights"), without affecting what was done before.
          </li>
        </ul>
      ),
    },
    {
      id: "sharing",
      title: "Who sees your data",
      body: (
        <>
          <p>
            Inside {company.shortName}: the people working on your project see its details and conversation; the front office handles
            inquiries; our administrators manage accounts and security. Each sees only what their work needs.
          </p>
          <p>
            Outside: the providers that host the portal, store its files and deliver its emails process data only on our instructions. If
            you sign in with an identity provider, that provider knows you signed in to us. We disclose data to authorities only where
            Nigerian law requires it. We do not sell personal data, and we do not use it for advertising.
          </p>
        </>
      ),
    },
    {
      id: "how-long",
      title: "How long we keep it",
      body: (
        <ul>
          <li>
            <strong>Your account</strong>, profile, photo, settings, sign-in sessions, notifications and call records: until you delete the
            account.
          </li>
          <li>
            <strong>The access log</strong>: {days(RETENTION.securityEventsDays)}, then it is deleted automatically. Once an account is
            deleted, its events are kept under a code name that does not lead back to you until they reach that age.
          </li>
          <li>
            <strong>Sign-in codes</strong>, password reset codes and "this wasn't me" links: deleted{" "}
            {days(RETENTION.oneTimeCodesDaysAfterExpiry)} after they expire.
          </li>
          <li>
            <strong>Emails we send</strong>: their text is erased after {days(RETENTION.mailBodyDays)}; the record of who was sent which
            subject and when is deleted after {days(RETENTION.mailDays)}.
          </li>
          <li>
            <strong>Visit counts</strong>: each counted page view is deleted after {days(RETENTION.pageViewsDays)}; only the daily totals,
            which name no visitor, are kept.
          </li>
          <li>
            <strong>Projects</strong>: kept in our records as building records must be, also after the client's account is deleted, but then
            no longer linked to any account.
          </li>
          <li>
            <strong>Messages</strong>: kept in their conversations for the other people in them; after you delete your account, without your
            name.
          </li>
          <li>
            <strong>Contact form messages</strong>: kept in the front office's inbox while they may lead to work; they are not deleted
            automatically. Write to {email} and we delete yours.
          </li>
        </ul>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights and how to use them",
      body: (
        <>
          <p>The Nigeria Data Protection Act 2023 gives you these rights. Signed in, you can use most of them yourself, at once:</p>
          <ul>
            <li>
              <strong>To be informed</strong> of what we collect and why: this notice.
            </li>
            <li>
              <strong>Of access and to data portability</strong>: <Link to="/settings#your-data">Settings → Your data</Link> downloads a
              copy of everything your account holds (profile, projects, messages, notifications, sessions, access log, inquiries) as a JSON
              file that other services can read.
            </li>
            <li>
              <strong>To rectification</strong>: correct your name, phone, company and location in{" "}
              <Link to="/settings#profile">Settings → Profile</Link>, and your email address in{" "}
              <Link to="/settings#email">Settings → Email address</Link>.
            </li>
            <li>
              <strong>To erasure</strong>: <Link to="/settings#delete-account">Settings → Delete account</Link> deletes your account for
              good, as described under "How long we keep it".
            </li>
            <li>
              <strong>To withdraw consent and to object</strong>: clear the optional details of your profile, and turn email notifications
              off in <Link to="/settings#notifications">Settings → Notifications</Link>; turn on "Do Not Track" or "Global Privacy Control"
              to stop visit counting; write to us to have your photo removed or to object to any other use.
            </li>
            <li>
              <strong>To restriction</strong> of use while a question about your data is settled: write to us.
            </li>
            <li>
              <strong>Not to be subject to a decision based solely on automated processing</strong>: we make none about you. Automatic
              protections, such as slowing sign-in after repeated failures, only protect accounts; an administrator reviews what they flag.
            </li>
          </ul>
          <p>
            Without an account, or for anything the settings do not cover, write to {email} from the address we know you by, or call{" "}
            {company.phone}. We may ask you to confirm who you are, and we answer without undue delay and free of charge.
          </p>
          <p>
            If you are not satisfied with our answer, you may complain to the Nigeria Data Protection Commission (NDPC), the authority that
            enforces the Act.
          </p>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies and storage in your browser",
      body: (
        <>
          <p>
            We use no advertising or third-party cookies. Signed in, your browser holds cookies that keep you signed in (for at most{" "}
            {countOf(SESSION_LIMITS.maxHours, "hour")}) and let it show your private photos and dashboard; they are readable by our server
            only. During a sign-in with an identity provider, one more cookie holds that sign-in for a few minutes.
          </p>
          <p>
            Your browser's local storage remembers your light or dark theme, who is signed in on this device with the time of their last
            activity, and the number of recent failed sign-ins. Signing out clears the session's part.
          </p>
        </>
      ),
    },
    {
      id: "security",
      title: "How we protect it",
      body: (
        <p>
          Passwords are stored only as hashes; two-step sign-in and passkeys are available to everyone and can be required for staff; every
          sign-in from a new device is emailed to the account's owner with a "this wasn't me" link; the access log raises alerts on attacks
          and lets administrators block attacking addresses. Tell us at once at {email} if you think your account has been used by someone
          else.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this notice",
      body: (
        <p>
          When we change this notice, we publish the new text here with its date at the top. Using the portal is also governed by our{" "}
          <Link to={terms.path}>{terms.title.toLowerCase()}</Link>.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title={privacy.title}
      updatedOn={privacy.updatedOn}
      intro={<p>What we collect through this website and the portal, why, for how long, and how to use your rights.</p>}
      sections={sections}
    />
  );
}
