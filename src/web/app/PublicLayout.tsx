import { Menu, X } from "lucide-react";
import { useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonClass } from "../components/ui/Button";
import { useAuth } from "../features/auth/AuthProvider";
import { ThemeSwitch } from "../features/site/ThemeSwitch";
import { useCompany } from "../features/site/use-page-seo";
import { toast } from "../features/toast/toast-store";
import { AnimatedOutlet } from "./AnimatedOutlet";

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

/**
 * Sign in and sign up; once signed in, the user's name, their dashboard and signing out. The header
 * row has little room: it shows the first name on wide screens only; the mobile menu the full name.
 */
function AccountLinks({ place }: { place: "header" | "menu" }) {
  const { user, signOut } = useAuth();
  if (!user) {
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
  const onSignOut = async () => {
    await signOut();
    toast.success("You have signed out.");
  };
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <>
      {place === "header" ? (
        <span className="hidden max-w-32 truncate font-semibold xl:block" title={fullName}>
          {user.firstName}
        </span>
      ) : (
        <span className="w-full font-semibold">Signed in as {fullName}</span>
      )}
      <Link to="/dashboard" className={buttonClass("primary", "whitespace-nowrap")}>
        Dashboard
      </Link>
      <button type="button" className={buttonClass("secondary", "whitespace-nowrap")} onClick={() => void onSignOut()}>
        Sign out
      </button>
    </>
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
    <header className="sticky top-0 z-40 border-b border-neutral-light bg-white/95 backdrop-blur dark:border-brand-700 dark:bg-brand-900/95">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2 focus:text-brand-900"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 font-bold text-lg" aria-label="Crestbuild home">
          <img src="/brand/logo.svg" alt="" width={36} height={36} className="size-9 dark:rounded-md dark:bg-neutral-light dark:p-0.5" />
          <span>Crestbuild</span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <MainNavigationLinks className="flex items-center gap-1" />
        </nav>
        <div className="hidden items-center gap-3 lg:flex">
          <ThemeSwitch />
          <AccountLinks place="header" />
        </div>
        <button
          type="button"
          className="flex min-h-10 min-w-20 items-center justify-center gap-1 rounded-md border border-neutral-light px-3 font-semibold lg:hidden dark:border-brand-700"
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
    </header>
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
      <p className="border-t border-brand-700 px-4 py-4 text-center text-sm">
        © {new Date().getFullYear()} {company.name}. All rights reserved.
      </p>
    </footer>
  );
}

/** Header, animated page area and footer of every public page. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="flex-1">
        <AnimatedOutlet />
      </main>
      <Footer />
    </div>
  );
}
