import { useEffect } from "react";

/**
 * Portal pages are not indexed, so they need no SEO tags: just the document title, which the server also puts in
 * their first HTML.
 */
export function usePortalTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
