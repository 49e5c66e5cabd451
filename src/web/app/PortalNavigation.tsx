import {
  ChartColumn,
  Ellipsis,
  FolderKanban,
  Globe,
  HardHat,
  LayoutDashboard,
  type LucideIcon,
  Megaphone,
  MessageSquare,
  Phone,
  Settings,
  ShieldCheck,
  ShieldUser,
  Wallet,
} from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ModalDialog } from "../components/ui/ModalDialog";
import { MessagesNavLabel, UnreadMessagesBadge } from "../features/messages/MessagesNavLabel";
import { ThemeSwitch } from "../features/site/ThemeSwitch";
import { useAuth } from "../lib/session/AuthProvider";
import { type Destination, type DestinationId, destinationsFor, splitForTabBar } from "./portal-destinations";

/** Below this width (Tailwind's md) the portal's sections are a tab bar at the bottom of the screen. */
const TAB_BAR_QUERY = "(width < 48rem)";

const labels: Record<DestinationId, string> = {
  dashboard: "Dashboard",
  site: "Site",
  administration: "Administration",
  analytics: "Analytics",
  projects: "Projects",
  accounts: "Accounts",
  messages: "Messages",
  calls: "Calls",
  announcements: "Announcements",
  security: "Security",
  settings: "Settings",
};

/** A tab is a fifth of a 360 px screen: a longer name is shortened there (the link is still named in full). */
const tabLabels: Partial<Record<DestinationId, string>> = { administration: "Admin" };

const icons: Record<DestinationId, LucideIcon> = {
  dashboard: LayoutDashboard,
  site: HardHat,
  administration: ShieldUser,
  analytics: ChartColumn,
  projects: FolderKanban,
  accounts: Wallet,
  messages: MessageSquare,
  calls: Phone,
  announcements: Megaphone,
  security: ShieldCheck,
  settings: Settings,
};

/** Whether a link is the current page's: NavLink's rule (the dashboard only on itself, the others on their subpaths too). */
const isEnd = (destination: Destination) => destination.to === "/dashboard";

const labelOf = (destination: Destination): ReactNode => (destination.id === "messages" ? <MessagesNavLabel /> : labels[destination.id]);

// The hover colours belong to the other links only: on the current one they would pale its background under its white text.
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-10 items-center whitespace-nowrap rounded-md px-3 py-2 font-medium ${isActive ? "bg-brand-900 text-white dark:bg-white dark:text-brand-900" : "hover:bg-neutral-light/40 dark:hover:bg-brand-700"}`;

/** From 768 px: the portal's sections the user may open, in a row under the header. */
export function PortalNavigation() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <nav aria-label="Portal" className="hidden border-t border-neutral-light md:block dark:border-brand-700">
      <ul className="relative mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 py-1">
        {destinationsFor(user).map((destination) => (
          <li key={destination.id}>
            <NavLink to={destination.to} end={isEnd(destination)} className={navLinkClass}>
              {labelOf(destination)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const tabClass = (current: boolean) =>
  `relative flex h-full min-h-14 flex-col items-center justify-center gap-0.5 rounded-md px-1 text-xs font-medium ${
    current ? "text-brand-900 dark:text-white" : "text-brand-700 hover:bg-neutral-light/40 dark:text-neutral-light dark:hover:bg-brand-700"
  }`;

/** The bar above the icon of the current tab. */
const currentMark = (current: boolean) =>
  current ? <span aria-hidden className="absolute inset-x-3 top-0 h-1 rounded-b bg-brand-900 dark:bg-white" /> : null;

function TabIcon({ id }: { id: DestinationId }) {
  const Icon = icons[id];
  return <Icon aria-hidden className="size-6 shrink-0" />;
}

const sheetLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-12 items-center gap-3 rounded-md px-3 py-2 font-medium ${isActive ? "bg-brand-900 text-white dark:bg-white dark:text-brand-900" : "hover:bg-neutral-light/40 dark:hover:bg-brand-700"}`;

/**
 * Below 768 px: the four sections this person's role uses most as a tab bar along the bottom of the screen (clear of a
 * phone's home bar), and the others in a 'More' sheet (docs/decisions/126-portal-tab-bar-on-phones.md).
 */
export function PortalTabBar() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [moreOpen, setMoreOpen] = useState(false);

  // A new screen (a link in the sheet, the browser's back button) or a wider screen (no tab bar) closes the sheet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of the path.
  useEffect(() => setMoreOpen(false), [pathname]);
  useEffect(() => {
    const narrow = window.matchMedia(TAB_BAR_QUERY);
    const onChange = () => {
      if (!narrow.matches) setMoreOpen(false);
    };
    narrow.addEventListener("change", onChange);
    return () => narrow.removeEventListener("change", onChange);
  }, []);

  if (!user) return null;
  const { tabs, more } = splitForTabBar(user);
  const isCurrent = (destination: Destination) =>
    pathname === destination.to || (!isEnd(destination) && pathname.startsWith(`${destination.to}/`));
  const currentInMore = more.some(isCurrent);

  return (
    <>
      <nav
        aria-label="Portal"
        data-tab-bar
        className="fixed inset-x-0 bottom-0 z-40 border-t border-neutral-light bg-white/95 pr-[env(safe-area-inset-right,0px)] pb-[env(safe-area-inset-bottom,0px)] pl-[env(safe-area-inset-left,0px)] backdrop-blur md:hidden dark:border-brand-700 dark:bg-brand-900/95"
      >
        {/* 4rem with the border above: the padding under the screen (PortalLayout) and the toasts' offset (styles.css). */}
        <ul className="mx-auto grid h-[calc(4rem-1px)] max-w-xl grid-cols-5">
          {tabs.map((destination) => {
            const current = isCurrent(destination);
            const short = tabLabels[destination.id];
            return (
              <li key={destination.id} className="min-w-0">
                <Link
                  to={destination.to}
                  aria-current={current ? "page" : undefined}
                  aria-label={short ? labels[destination.id] : undefined}
                  className={tabClass(current)}
                >
                  {currentMark(current)}
                  <TabIcon id={destination.id} />
                  <span className="max-w-full">{short ?? labels[destination.id]}</span>
                  {destination.id === "messages" ? <UnreadMessagesBadge className="absolute top-1 left-1/2 ml-1.5" /> : null}
                </Link>
              </li>
            );
          })}
          <li className="min-w-0">
            <button type="button" aria-haspopup="dialog" onClick={() => setMoreOpen(true)} className={`w-full ${tabClass(currentInMore)}`}>
              {currentMark(currentInMore)}
              <Ellipsis aria-hidden className="size-6 shrink-0" />
              More
            </button>
          </li>
        </ul>
      </nav>
      <ModalDialog open={moreOpen} onClose={() => setMoreOpen(false)} title="More" placement="sheet" closeOnBackdrop>
        <nav aria-label="More sections">
          <ul className="flex flex-col gap-1">
            {more.map((destination) => (
              <li key={destination.id}>
                <NavLink to={destination.to} end={isEnd(destination)} className={sheetLinkClass}>
                  <TabIcon id={destination.id} />
                  {labelOf(destination)}
                </NavLink>
              </li>
            ))}
            <li>
              <Link to="/" className={sheetLinkClass({ isActive: false })}>
                <Globe aria-hidden className="size-6 shrink-0" />
                Back to the website
              </Link>
            </li>
          </ul>
        </nav>
        <div className="flex items-center justify-between gap-3 border-t border-neutral-light px-3 pt-4 dark:border-brand-700">
          <span className="font-medium">Theme</span>
          <ThemeSwitch />
        </div>
      </ModalDialog>
    </>
  );
}
