import { ChevronDown, Globe, LogOut, Settings } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Avatar } from "../components/ui/Avatar";
import { ThemeSwitch } from "../features/site/ThemeSwitch";
import { useAuth } from "../lib/session/AuthProvider";
import { usePopover } from "../lib/use-popover";

const menuItemClass =
  "flex min-h-10 w-full min-w-20 items-center gap-2 rounded-md px-3 py-2 text-left font-medium hover:bg-neutral-light/40 dark:hover:bg-brand-700";

/** The signed-in user's name and a menu with what concerns their session. */
export function UserMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const menu = usePopover();

  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim();

  // The sign-in screen then says that they have signed out.
  const onSignOut = async () => {
    menu.setOpen(false);
    await signOut();
    navigate("/login", { replace: true });
  };

  return (
    <div ref={menu.container} className="relative">
      <button
        type="button"
        {...menu.buttonProps}
        className="flex min-h-10 min-w-20 max-w-[60vw] items-center gap-2 rounded-full border border-neutral-light py-1 pr-3 pl-1 font-semibold dark:border-brand-700"
      >
        <Avatar person={user} />
        <span className="truncate">{name}</span>
        <span className="sr-only">, account menu</span>
        <ChevronDown aria-hidden className="size-4 shrink-0" />
      </button>
      <div
        id={menu.panelId}
        hidden={!menu.open}
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
