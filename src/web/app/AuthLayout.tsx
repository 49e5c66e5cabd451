import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { BrandMark } from "../components/ui/BrandMark";
import { LegalLinks } from "../features/site/LegalLinks";
import { MaintenanceBanner } from "../features/site/MaintenanceBanner";
import { ThemeSwitch } from "../features/site/ThemeSwitch";
import { AnimatedOutlet } from "./AnimatedOutlet";

/** The sign-in, sign-up and recovery screens: a centred card with the logo, a way home, the theme switch. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-neutral-light/30 dark:bg-brand-900">
      <MaintenanceBanner />
      <header className="mx-auto flex w-full max-w-lg items-center justify-between gap-3 px-4 pt-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold" aria-label="Crestbuild home">
          <BrandMark className="size-10 shrink-0 dark:rounded-md dark:bg-neutral-light dark:p-0.5" />
          <span>Crestbuild</span>
        </Link>
        <ThemeSwitch />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-6 sm:items-center sm:py-10">
        <div className="w-full max-w-lg rounded-2xl border border-neutral-light bg-white p-5 shadow-sm sm:p-8 dark:border-brand-700 dark:bg-brand-900">
          <AnimatedOutlet />
        </div>
      </main>
      <footer className="flex flex-col items-center gap-1 px-4 pb-6 text-center">
        <Link to="/" className="inline-flex min-h-10 items-center gap-2 font-medium underline-offset-2 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back to the website
        </Link>
        <LegalLinks className="flex gap-4 text-sm" linkClassName="inline-flex min-h-10 items-center underline underline-offset-2" />
      </footer>
    </div>
  );
}
