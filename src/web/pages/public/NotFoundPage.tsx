import { useLocation } from "react-router";
import { ButtonLink } from "../../components/ui/Button";
import { usePageSeo } from "../../features/site/use-page-seo";
import { useHttpStatus } from "../../lib/seo";

/** docs/product.md#page-not-found: any other path shows 'Page Not Found' pointing back home (the server answers 404). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  useHttpStatus(404);
  usePageSeo({
    title: "Page Not Found | Crestbuild",
    description: "The page you were looking for does not exist or has moved.",
    keywords: ["page not found"],
    path: pathname,
  });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <p className="text-6xl font-bold text-accent-700 dark:text-accent-500">404</p>
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="text-brand-700 dark:text-neutral-light">The page you were looking for does not exist or has moved.</p>
      <ButtonLink to="/">Back to home</ButtonLink>
    </section>
  );
}
