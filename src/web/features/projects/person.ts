import type { PersonRef } from "../../../shared/projects";

/**
 * A person as the Avatar needs them ("Ada Obi" → Ada, Obi for the initials), from the API's short
 * reference; someone no longer known shows as Crestbuild.
 */
export function avatarPerson(person: Pick<PersonRef, "name" | "avatar"> | null) {
  const [firstName = "", ...rest] = (person?.name ?? "Crestbuild").split(" ");
  return { firstName, lastName: rest.join(" "), avatar: person?.avatar ?? null };
}
