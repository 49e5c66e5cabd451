import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandMark } from "../components/ui/BrandMark";

/** The sticky header of the public site and the portal, opening with the skip link keyboard users meet first. */
export function SiteHeader({ children }: { children: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-neutral-light bg-white/95 backdrop-blur dark:border-brand-700 dark:bg-brand-900/95">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2 focus:text-brand-900"
      >
        Skip to content
      </a>
      {children}
    </header>
  );
}

/** The logo and name, linking home: the site's home page or the portal's dashboard. */
export function BrandLink({ to, label, nameClassName }: { to: string; label: string; nameClassName?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-bold" aria-label={label}>
      <BrandMark className="size-9 shrink-0 dark:rounded-md dark:bg-neutral-light dark:p-0.5" />
      <span className={nameClassName}>Crestbuild</span>
    </Link>
  );
}
