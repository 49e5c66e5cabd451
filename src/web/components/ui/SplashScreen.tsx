import { useState } from "react";

/** docs/product.md#app-shell: logo (JPG, falling back to SVG), tagline, and a bar that fills over 2 s after 0.8 s. */
export function SplashScreen() {
  const [logo, setLogo] = useState("/brand/logo.jpg");
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-5 bg-brand-900 px-6 text-center text-white"
    >
      {/* Low priority: React would otherwise preload it on every public page, whose Suspense fallback this is. */}
      <img
        src={logo}
        fetchPriority="low"
        onError={() => setLogo("/brand/logo.svg")}
        alt="Crestbuild logo"
        width={96}
        height={96}
        className="size-24 rounded-2xl"
      />
      <p className="text-2xl font-bold">Building Africa's Future</p>
      <p className="text-neutral-light">Preparing your experience...</p>
      <div className="h-1.5 w-56 overflow-hidden rounded-full bg-brand-700" aria-hidden>
        {/* The animation alone holds the transform (a scale class would multiply with it): empty during its delay, full after. */}
        <div className="h-full origin-left bg-accent-500 [animation:splash-fill_2s_ease-out_0.8s_both]" />
      </div>
    </div>
  );
}
