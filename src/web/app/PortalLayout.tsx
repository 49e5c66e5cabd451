import { NavLink } from "react-router";
import { canMakeCalls } from "../../shared/access";
import { dashboardPathFor } from "../../shared/departments";
import { CALL_PATH, CallOverlay } from "../features/calls";
import { MessagesNavLabel } from "../features/messages/MessagesNavLabel";
import { notificationsQuery } from "../features/notifications";
import { NotificationBell } from "../features/notifications/NotificationBell";
import { RealtimeSync } from "../features/realtime/RealtimeSync";
import { MaintenanceBanner } from "../features/site/MaintenanceBanner";
import { ThemeSwitch } from "../features/site/ThemeSwitch";
import { firstDataOf, firstPageOf } from "../lib/first-data";
import { conversationsPageKey, conversationsQuery } from "../lib/queries/conversations";
import { useAuth } from "../lib/session/AuthProvider";
import { AnimatedOutlet } from "./AnimatedOutlet";
import { BrandLink, SiteHeader } from "./SiteHeader";
import { UserMenu } from "./UserMenu";

/**
 * What the layout shows on every signed-in screen (the notifications, the unread messages of the first page of
 * conversations): the screen's HTML asks for them with the screen's own first data (docs/decisions/109-first-data-from-the-html.md),
 * or the server renders them with a screen rendered for its viewer.
 */
export const firstData = [firstDataOf(notificationsQuery), firstPageOf(conversationsQuery, conversationsPageKey(1))];

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
    ...(isAdmin
      ? [
          { to: "/admin", label: "Administration" },
          { to: "/analytics", label: "Analytics" },
        ]
      : []),
    // Admins oversee the department dashboards of the projects (others reach theirs through "Dashboard").
    ...(isAdmin
      ? [
          { to: "/dashboard/projects", label: "Projects" },
          { to: "/dashboard/accounts", label: "Accounts" },
        ]
      : []),
    { to: "/dashboard/messages", label: <MessagesNavLabel /> },
    ...(canMakeCalls({ id: user.id, role: user.role, department: user.department }) ? [{ to: CALL_PATH, label: "Calls" }] : []),
    ...(user.role === "user" ? [] : [{ to: "/dashboard/announcements", label: "Announcements" }]),
    { to: "/security", label: "Security" },
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
/** Calls ring staff and admins anywhere in the portal. */
function Calls() {
  const { user } = useAuth();
  if (!user || !canMakeCalls({ id: user.id, role: user.role, department: user.department })) return null;
  return <CallOverlay userId={user.id} />;
}

export default function PortalLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-neutral-light/30 dark:bg-brand-900">
      <MaintenanceBanner />
      <SiteHeader>
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <BrandLink to="/dashboard" label="Crestbuild dashboard" nameClassName="hidden sm:inline" />
          <div className="flex items-center gap-3">
            <div className="hidden sm:block">
              <ThemeSwitch />
            </div>
            <NotificationBell />
            <UserMenu />
          </div>
        </div>
        <PortalNavigation />
      </SiteHeader>
      <RealtimeSync />
      <Calls />
      <main id="main" className="flex-1">
        <AnimatedOutlet />
      </main>
    </div>
  );
}
