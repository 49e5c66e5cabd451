import { Suspense } from "react";
import { useCompany } from "./use-page-seo";

function Banner() {
  const { maintenanceBanner } = useCompany();
  if (!maintenanceBanner) return null;
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center font-medium break-words text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      {maintenanceBanner}
    </div>
  );
}

/** The admin's maintenance banner at the top of every page while one is set (the company details carry it). */
export function MaintenanceBanner() {
  // Portal screens fetch the company details on first need: nothing shows until they are there.
  return (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  );
}
