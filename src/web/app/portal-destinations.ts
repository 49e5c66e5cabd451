import { canMakeCalls, canReadAnnouncements, canUseSiteApp } from "../../shared/access";
import type { Role } from "../../shared/departments";
import { dashboardPathFor } from "../../shared/departments";
import { SITE_PATH } from "../../shared/site-app";

export type DestinationId =
  | "dashboard"
  | "site"
  | "administration"
  | "analytics"
  | "projects"
  | "accounts"
  | "messages"
  | "calls"
  | "announcements"
  | "security"
  | "settings";

export type Destination = { id: DestinationId; to: string };

/** The person the navigation is for, as the session has them. */
type NavigationUser = { id: string; role: Role; department: string };

/** /call (the calls feature's CALL_PATH, which this pure module does not import). */
const CALL_PATH = "/call";

/**
 * The portal's sections this person may open, in the order of the desktop navigation: their dashboard, the
 * administration for admins, the site app for staff and admins, messages, calls, announcements, security and settings (the same rules as the routes').
 */
export function destinationsFor(user: NavigationUser): Destination[] {
  const isAdmin = user.role === "admin";
  // Admins land on /admin; their dashboard link opens the general dashboard.
  const dashboard = isAdmin ? "/dashboard" : dashboardPathFor(user);
  return [
    { id: "dashboard", to: dashboard },
    ...(isAdmin
      ? ([
          { id: "administration", to: "/admin" },
          { id: "analytics", to: "/analytics" },
          // Admins oversee the department dashboards of the projects (others reach theirs through "Dashboard").
          { id: "projects", to: "/dashboard/projects" },
          { id: "accounts", to: "/dashboard/accounts" },
        ] as const)
      : []),
    // The site app's screen: on a phone in 'More' (the tabs stay those of decision 126), installed it opens there.
    ...(canUseSiteApp(user) ? [{ id: "site", to: SITE_PATH } as const] : []),
    { id: "messages", to: "/dashboard/messages" },
    ...(canMakeCalls(user) ? [{ id: "calls", to: CALL_PATH } as const] : []),
    ...(canReadAnnouncements(user) ? [{ id: "announcements", to: "/dashboard/announcements" } as const] : []),
    { id: "security", to: "/security" },
    { id: "settings", to: "/settings" },
  ];
}

/**
 * The four sections a phone's tab bar holds for each role (docs/decisions/126-portal-tab-bar-on-phones.md); the
 * others are in its 'More' sheet.
 */
const tabsByRole: Record<Role, readonly DestinationId[]> = {
  user: ["dashboard", "messages", "security", "settings"],
  staff: ["dashboard", "messages", "calls", "settings"],
  admin: ["administration", "projects", "messages", "calls"],
};

/** The destinations split into the tab bar's (in the bar's order) and the 'More' sheet's (in the desktop order). */
export function splitForTabBar(user: NavigationUser): { tabs: Destination[]; more: Destination[] } {
  const all = destinationsFor(user);
  const tabIds = tabsByRole[user.role];
  const tabs = tabIds.flatMap((id) => all.filter((destination) => destination.id === id));
  return { tabs, more: all.filter((destination) => !tabIds.includes(destination.id)) };
}
