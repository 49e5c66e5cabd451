import { Link, NavLink } from "react-router";
import { dashboardPathFor } from "../../shared/departments";
import { useAuth } from "../features/auth/AuthProvider";
import { MessagesNavLabel } from "../features/messages/MessagesNavLabel";
import { NotificationBell } from "../features/notifications/NotificationBell";
import { RealtimeSync } from "../features/realtime/RealtimeSync";
import { ThemeSwitch } from "../features/site/ThemeSwitch";
import { AnimatedOutlet } from "./AnimatedOutlet";
import { UserMenu } from "./UserMenu";

// The hover colours belong to the other links only: on the current one they would pale its background under its white text.
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-10 items-center whitespace-nowrap rounded-md px-3 py-2 font-medium ${isActive ? "bg-brand-900 text-white dark:bg-white dark:text-brand-900" : "hover:bg-neutral-light/40 dark:hover:bg-brand-700"}`;

/** The portal's sections the user may open: their dashboard, settings, and administration for admins. */
function PortalNavigation() {
  const { user, isAdmin } = useAuth();
  if (!user) return null;
  // Admins land on /admin; their dashboard link opens the general dashboard.
  const dashboard = isAdmin ? "/dashboard" : dashboardPathFor(user);
  const links = [
    { to: dashboard, label: "Dashboard" },
    ...(isAdmin ? [{ to: "/admin", label: "Administration" }] : []),
    // Admins oversee the department dashboards of the projects (others reach theirs through "Dashboard").
    ...(isAdmin
      ? [
          { to: "/dashboard/projects", label: "Projects" },
          { to: "/dashboard/accounts", label: "Accounts" },
        ]
      : []),
    { to: "/dashboard/messages", label: <MessagesNavLabel /> },
    { to: "/settings", label: "Settings" },
  ];
  return (
    <nav aria-label="Portal" className="border-t border-neutral-light dark:border-brand-700">
      <ul className="relative mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 py-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.to === "/dashboard"} className={navLinkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The signed-in area: a header with the logo, the sections and the user menu, then the screen. */
export default function PortalLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-neutral-light/30 dark:bg-brand-900">
      <header className="sticky top-0 z-40 border-b border-neutral-light bg-white/95 backdrop-blur dark:border-brand-700 dark:bg-brand-900/95">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2 focus:text-brand-900"
        >
          Skip to content
        </a>
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/dashboard" className="flex items-center gap-2 text-lg font-bold" aria-label="Crestbuild dashboard">
            <img src="/brand/logo.svg" alt="" width={36} height={36} className="size-9 dark:rounded-md dark:bg-neutral-light dark:p-0.5" />
            <span className="hidden sm:inline">Crestbuild</span>
          </Link>
          <div className="flex items-center gap-3">
            <div className="hidden sm:block">
              <ThemeSwitch />
            </div>
            <NotificationBell />
            <UserMenu />
          </div>
        </div>
        <PortalNavigation />
      </header>
      <RealtimeSync />
      <main id="main" className="flex-1">
        <AnimatedOutlet />
      </main>
    </div>
  );
}
