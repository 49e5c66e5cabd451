import { ChevronDown, Globe, LogOut, Settings } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { dashboardPathFor } from "../../shared/departments";
import { Avatar } from "../components/ui/Avatar";
import { useAuth } from "../features/auth/AuthProvider";
import { ThemeSwitch } from "../features/site/ThemeSwitch";
import { AnimatedOutlet } from "./AnimatedOutlet";

const menuItemClass =
  "flex min-h-10 w-full min-w-20 items-center gap-2 rounded-md px-3 py-2 text-left font-medium hover:bg-neutral-light/40 dark:hover:bg-brand-700";

/** The signed-in user's name and a menu with what concerns their session. */
function UserMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // A click outside or Escape closes the menu; a new page does too.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }

  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim();

  // The sign-in screen then says that they have signed out.
  const onSignOut = async () => {
    setOpen(false);
    await signOut();
    navigate("/login", { replace: true });
  };

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-10 min-w-20 max-w-[60vw] items-center gap-2 rounded-full border border-neutral-light py-1 pr-3 pl-1 font-semibold dark:border-brand-700"
      >
        <Avatar person={user} />
        <span className="truncate">{name}</span>
        <span className="sr-only">, account menu</span>
        <ChevronDown aria-hidden className="size-4 shrink-0" />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-64 rounded-lg border border-neutral-light bg-white p-2 shadow-lg dark:border-brand-700 dark:bg-brand-900"
      >
        <p className="truncate px-3 pt-1 font-semibold">{name}</p>
        <p className="truncate px-3 pb-2 text-sm text-brand-700 dark:text-neutral-light">{user.email}</p>
        <ul className="border-t border-neutral-light pt-2 dark:border-brand-700">
          <li className="flex items-center justify-between gap-2 px-3 pb-2 sm:hidden">
            <span className="font-medium">Theme</span>
            <ThemeSwitch />
          </li>
          <li>
            <Link to="/settings" className={menuItemClass}>
              <Settings aria-hidden className="size-4" />
              Settings
            </Link>
          </li>
          <li>
            <Link to="/" className={menuItemClass}>
              <Globe aria-hidden className="size-4" />
              Back to the website
            </Link>
          </li>
          <li>
            <button type="button" className={menuItemClass} onClick={() => void onSignOut()}>
              <LogOut aria-hidden className="size-4" />
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-10 items-center whitespace-nowrap rounded-md px-3 py-2 font-medium hover:bg-neutral-light/40 dark:hover:bg-brand-700 ${isActive ? "bg-brand-900 text-white hover:bg-brand-900 dark:bg-white dark:text-brand-900 dark:hover:bg-white" : ""}`;

/** The portal's sections the user may open: their dashboard, settings, and administration for admins. */
function PortalNavigation() {
  const { user, isAdmin } = useAuth();
  if (!user) return null;
  // Admins land on /admin; their dashboard link opens the general dashboard.
  const dashboard = isAdmin ? "/dashboard" : dashboardPathFor(user);
  const links = [
    { to: dashboard, label: "Dashboard" },
    ...(isAdmin ? [{ to: "/admin", label: "Administration" }] : []),
    { to: "/settings", label: "Settings" },
  ];
  return (
    <nav aria-label="Portal" className="border-t border-neutral-light dark:border-brand-700">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 py-1">
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
            <UserMenu />
          </div>
        </div>
        <PortalNavigation />
      </header>
      <main id="main" className="flex-1">
        <AnimatedOutlet />
      </main>
    </div>
  );
}
