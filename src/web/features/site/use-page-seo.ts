import type { Company } from "../../../shared/content";
import { type PageSeo, useSeo } from "../../lib/seo";
import { useApiData } from "../../lib/site-data";
import { siteKeys } from "./queries";

/** A public page's SEO, with the company's structured data on every page. */
export function usePageSeo(seo: PageSeo) {
  const company = useApiData<Company>(siteKeys.company);
  useSeo(seo, company);
}

export function useCompany(): Company {
  return useApiData<Company>(siteKeys.company);
}
