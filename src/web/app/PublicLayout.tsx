import { Menu, X } from "lucide-react";
import { Suspense, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonClass } from "../components/ui/Button";
import { LegalLinks } from "../features/site/LegalLinks";
import { MaintenanceBanner } from "../features/site/MaintenanceBanner";
import { ThemeSwitch } from "../features/site/ThemeSwitch";
import { useCompany } from "../features/site/use-page-seo";
import { AnimatedOutlet } from "./AnimatedOutlet";
import { preloadable } from "./preloadable";
import { BrandLink, SiteHeader } from "./SiteHeader";
import { useRememberedSession } from "./use-remembered-session";

export const mainNavigation = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/services", label: "Services" },
  { to: "/projects", label: "Projects" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 font-medium hover:bg-neutral-light/40 dark:hover:bg-brand-700 ${isActive ? "text-accent-700 dark:text-accent-500" : ""}`;

/** The site's pages, in the header on wide screens and in the menu on small ones. */
function MainNavigationLinks({ className }: { className: string }) {
  return (
    <ul className={className}>
      {mainNavigation.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.to === "/"} className={navLinkClass}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SignInLinks() {
  return (
    <>
      <Link to="/login" className={buttonClass("secondary")}>
        Sign in
      </Link>
      <Link to="/register" className={buttonClass("primary")}>
        Get started
      </Link>
    </>
  );
}

const SessionAccountLinks = preloadable(() => import("./SessionAccountLinks").then((module) => module.SessionAccountLinks));

/**
 * Sign in and sign up; when this browser remembers a signed-in user, their links instead. The
 * session's code is loaded only then: a first visit carries none of it.
 */
function AccountLinks({ place }: { place: "header" | "menu" }) {
  if (!useRememberedSession()) return <SignInLinks />;
  return (
    <Suspense fallback={<SignInLinks />}>
      <SessionAccountLinks.Component place={place} signInLinks={<SignInLinks />} />
    </Suspense>
  );
}

function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // Following a link in the mobile menu closes it.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  return (
    <SiteHeader>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <BrandLink to="/" label="Crestbuild home" />
        <nav aria-label="Main" className="hidden lg:block">
          <MainNavigationLinks className="flex items-center gap-1" />
        </nav>
        <div className="hidden items-center gap-3 lg:flex">
          <ThemeSwitch />
          <AccountLinks place="header" />
        </div>
        {/* A fixed width, content from the start: the label's font arriving late changes nothing around it. */}
        <button
          type="button"
          className="flex min-h-10 w-26 items-center justify-start gap-1 rounded-md border border-neutral-light px-3 font-semibold lg:hidden dark:border-brand-700"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
          <span aria-hidden>{menuOpen ? "Close" : "Menu"}</span>
        </button>
      </div>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-neutral-light px-4 pb-4 lg:hidden dark:border-brand-700">
        <nav aria-label="Mobile">
          <MainNavigationLinks className="py-2" />
        </nav>
        <div className="flex flex-wrap items-center gap-3">
          <ThemeSwitch />
          <AccountLinks place="menu" />
        </div>
      </div>
    </SiteHeader>
  );
}

function Footer() {
  const company = useCompany();
  const { address } = company;
  return (
    <footer className="bg-brand-900 text-neutral-light">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{company.name}</p>
          <p className="mt-2">{company.tagline}</p>
          <p className="mt-2 text-sm">
            Since {company.foundingYear} · {company.experienceLabel} · Rated {company.rating.value} from {company.rating.count} reviews
          </p>
        </div>
        <div>
          <h2 className="font-semibold text-white">Visit us</h2>
          <address className="mt-2 not-italic">
            {address.street}
            <br />
            {address.locality}, {address.region} {address.postalCode}
            <br />
            {address.countryName}
          </address>
        </div>
        <div>
          <h2 className="font-semibold text-white">Talk to us</h2>
          <ul className="mt-2 space-y-1">
            <li>
              <a className="underline-offset-2 hover:underline" href={`tel:${company.phone.replace(/\s+/g, "")}`}>
                {company.phone}
              </a>
            </li>
            <li>
              <a className="underline-offset-2 hover:underline" href={`mailto:${company.email}`}>
                {company.email}
              </a>
            </li>
            {company.openingHours.map((entry) => (
              <li key={entry.days} className="text-sm">
                {entry.days}: {entry.hours}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Explore</h2>
          <ul className="mt-2 space-y-1">
            {mainNavigation.slice(1).map((item) => (
              <li key={item.to}>
                <Link className="underline-offset-2 hover:underline" to={item.to}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="flex flex-col items-center gap-2 border-t border-brand-700 px-4 py-4 text-center text-sm sm:flex-row sm:justify-center sm:gap-6">
        <p>
          © {new Date().getFullYear()} {company.name}. All rights reserved.
        </p>
        <LegalLinks className="flex gap-4" linkClassName="underline-offset-2 hover:underline" />
      </div>
    </footer>
  );
}

/** Header, animated page area and footer of every public page. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <MaintenanceBanner />
      <Header />
      <main id="main" className="flex-1">
        <AnimatedOutlet />
      </main>
      <Footer />
    </div>
  );
}
