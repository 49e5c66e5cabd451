import { useEffect } from "react";
import { canMakeCalls } from "../../shared/access";
import { CallOverlay } from "../features/calls";
import { notificationsQuery } from "../features/notifications";
import { NotificationBell } from "../features/notifications/NotificationBell";
import { RealtimeSync } from "../features/realtime/RealtimeSync";
import { MaintenanceBanner } from "../features/site/MaintenanceBanner";
import { ThemeSwitch } from "../features/site/ThemeSwitch";
import { firstDataOf, firstPageOf } from "../lib/first-data";
import { registerSiteApp } from "../lib/offline/register-service-worker";
import { conversationsPageKey, conversationsQuery } from "../lib/queries/conversations";
import { useAuth } from "../lib/session/AuthProvider";
import { AnimatedOutlet } from "./AnimatedOutlet";
import { PortalNavigation, PortalTabBar } from "./PortalNavigation";
import { BrandLink, SiteHeader } from "./SiteHeader";
import { UserMenu } from "./UserMenu";

/**
 * What the layout shows on every signed-in screen (the notifications, the unread messages of the first page of
 * conversations): the screen's HTML asks for them with the screen's own first data (docs/decisions/109-first-data-from-the-html.md),
 * or the server renders them with a screen rendered for its viewer.
 */
export const firstData = [firstDataOf(notificationsQuery), firstPageOf(conversationsQuery, conversationsPageKey(1))];

/** Calls ring staff and admins anywhere in the portal. */
function Calls() {
  const { user } = useAuth();
  if (!user || !canMakeCalls({ id: user.id, role: user.role, department: user.department })) return null;
  return <CallOverlay userId={user.id} />;
}

/**
 * The signed-in area: a header with the logo, the user menu and (from 768 px) the sections, then the screen; below
 * 768 px the sections are a tab bar at the bottom.
 */
export default function PortalLayout() {
  // The site app's offline shell, once this first screen is on screen (public pages never register it).
  useEffect(() => registerSiteApp(), []);
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
      {/* Below 768 px the sections are a bar along the bottom: the screen ends above it. */}
      <main id="main" className="flex-1 pb-[calc(4rem+env(safe-area-inset-bottom,0px))] md:pb-0">
        <AnimatedOutlet />
      </main>
      <PortalTabBar />
    </div>
  );
}
