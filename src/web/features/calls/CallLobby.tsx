import { useQuery } from "@tanstack/react-query";
import { Phone, Video } from "lucide-react";
import { useState } from "react";
import type { CallMedia } from "../../../shared/calls";
import { type DepartmentName, staffDepartmentNames } from "../../../shared/departments";
import { countOf } from "../../../shared/plural";
import { mutedTextClass, SelectField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { callMembersQuery } from "./api";
import { joinCall, startCall } from "./call-session";
import { useCallState } from "./call-state";

/** Who is online changes without an event: the list is asked again this often. */
const PRESENCE_REFRESH_MS = 15_000;

type Props = { userId: string; isAdmin: boolean; ownDepartment: string };

/** /call before a call: the department's members and who is online, calls going on, and the two start buttons. */
export function CallLobby({ userId, isAdmin, ownDepartment }: Props) {
  // Admins choose the department; staff call their own (the server's default).
  const [chosenDepartment, setDepartment] = useState<DepartmentName>(
    staffDepartmentNames.find((name) => name === ownDepartment) ?? staffDepartmentNames[0],
  );
  const department = isAdmin ? chosenDepartment : undefined;
  const [chosen, setChosen] = useState<string[]>([]);
  const { phase } = useCallState();
  const members = useQuery({ ...callMembersQuery(department), refetchInterval: PRESENCE_REFRESH_MS });
  const busy = phase !== "idle";

  const start = (media: CallMedia) => void startCall(userId, media, { department, ...(chosen.length > 0 ? { memberIds: chosen } : {}) });
  const toggle = (id: string) => setChosen((current) => (current.includes(id) ? current.filter((each) => each !== id) : [...current, id]));

  return (
    <div className="flex flex-col gap-4">
      {isAdmin ? (
        <SelectField
          label="Department"
          value={chosenDepartment}
          onChange={(event) => {
            setDepartment(event.target.value as DepartmentName);
            setChosen([]);
          }}
        >
          {staffDepartmentNames.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </SelectField>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => start("video")} disabled={busy}>
          <Video aria-hidden className="size-5" />
          Start video call
        </Button>
        <Button variant="secondary" onClick={() => start("voice")} disabled={busy}>
          <Phone aria-hidden className="size-5" />
          Start voice call
        </Button>
      </div>
      <p className={mutedTextClass}>
        {chosen.length > 0
          ? `Calls ring the ${countOf(chosen.length, "chosen member")}.`
          : "Calls ring every member of the department who is online; choose members to call only them."}
      </p>
      {members.isPending ? <LoadingMessage>Loading the department…</LoadingMessage> : null}
      {members.isError ? <ErrorMessage error={members.error} onRetry={() => void members.refetch()} /> : null}
      {members.data ? (
        <>
          {members.data.activeCalls.map((call) => (
            <div
              key={call.callId}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-neutral-light p-3 dark:border-brand-700"
            >
              <p>
                A {call.media} call is going on ({countOf(call.participantCount, "person", "people")}).
              </p>
              <Button variant="secondary" disabled={busy} onClick={() => void joinCall(userId, call.callId, call.media)}>
                Join call
              </Button>
            </div>
          ))}
          {members.data.members.length === 0 ? (
            <EmptyMessage title="Nobody else in this department yet." />
          ) : (
            <fieldset>
              <legend className="font-semibold">Members of {members.data.department}</legend>
              <ul className="mt-2 divide-y divide-neutral-light dark:divide-brand-700">
                {members.data.members.map((member) => (
                  <li key={member.id} className="flex items-center gap-3 py-2">
                    <input
                      id={`call-member-${member.id}`}
                      type="checkbox"
                      className="size-5 shrink-0"
                      checked={chosen.includes(member.id)}
                      onChange={() => toggle(member.id)}
                    />
                    <label htmlFor={`call-member-${member.id}`} className="min-w-0 flex-1 break-words">
                      {member.name}
                    </label>
                    <span className={`text-sm ${member.online ? "font-semibold" : mutedTextClass}`}>
                      {member.inCall ? "In a call" : member.online ? "Online" : "Offline"}
                    </span>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
        </>
      ) : null}
    </div>
  );
}
