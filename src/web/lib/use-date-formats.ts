import { COMPANY_TIME_ZONE } from "../../shared/zoned-time";
import { type DateFormats, formatsIn } from "./format";
import { useAuth } from "./session/AuthProvider";

/**
 * How the signed-in person's screens write dates and times: in the zone they chose in /settings (their browser's,
 * taken at their first sign-in), Lagos time until then (docs/decisions/123-each-persons-time-zone.md). A screen the
 * server rendered for its viewer is rendered and hydrated with the same user, so with the same zone.
 */
export function useDateFormats(): DateFormats {
  const { user } = useAuth();
  return formatsIn(user?.timeZone ?? COMPANY_TIME_ZONE);
}
