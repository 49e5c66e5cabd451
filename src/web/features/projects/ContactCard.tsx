import { Mail, Phone } from "lucide-react";
import type { ProjectContact } from "../../../shared/projects";
import { linkClass, mutedTextClass } from "../../components/form/form-fields";
import { Avatar } from "../../components/ui/Avatar";

/** A person to reach about a project: photo, name, role, phone (tel: link) and email (mailto: link). */
export function ContactCard({ person, relation }: { person: ProjectContact; relation: string }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <Avatar person={person} size="md" />
      <div className="min-w-0">
        <p className="font-semibold">{person.name}</p>
        <p className={`text-sm ${mutedTextClass}`}>{relation}</p>
        <ul className="mt-1 flex flex-col gap-1 text-sm">
          {person.phone ? (
            <li>
              <a href={`tel:${person.phone.replace(/[^\d+]/g, "")}`} className={`inline-flex items-center gap-1 ${linkClass}`}>
                <Phone aria-hidden className="size-4" />
                <span className="sr-only">Call {person.firstName} on </span>
                {person.phone}
              </a>
            </li>
          ) : null}
          <li>
            <a href={`mailto:${person.email}`} className={`inline-flex items-center gap-1 break-all ${linkClass}`}>
              <Mail aria-hidden className="size-4 shrink-0" />
              <span className="sr-only">Email {person.firstName} at </span>
              {person.email}
            </a>
          </li>
        </ul>
      </div>
    </div>
  );
}
