import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SquarePen, Users } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { canUseDepartmentChannel } from "../../../shared/access";
import { type ConversationSummary, conversationPath } from "../../../shared/conversations";
import { GENERAL_USERS, staffDepartmentNames } from "../../../shared/departments";
import type { DirectoryEntry } from "../../../shared/staff-directory";
import { failureMessage } from "../../components/form/form-errors";
import { FormAlert, InlineAlert, inputClass, mutedTextClass } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { DialogButton } from "../../components/ui/DialogButton";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { conversationsQuery } from "../../lib/queries/conversations";
import { staffDirectoryQuery } from "../../lib/queries/staff-directory";
import { useAuth } from "../../lib/session/AuthProvider";
import { openDepartmentChannel, openDirectConversation } from "./api";
import { OnlineText, PersonAvatar, useOnlinePeople } from "./people";

/** Opens a conversation the server has just found or created: the list learns of it first, so the page can show it. */
function useOpenConversation<Target>(open: (target: Target) => Promise<{ conversation: ConversationSummary }>, onOpened?: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: open,
    onSuccess: async ({ conversation }) => {
      await queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
      onOpened?.();
      await navigate(conversationPath(conversation.id));
    },
  });
}

// Accounts and Accounting share one dashboard but have a channel each, as the departments people register in.

const nameOf = (person: DirectoryEntry) => `${person.firstName} ${person.lastName}`;

function ColleaguePicker({ onOpened }: { onOpened: () => void }) {
  const { user } = useAuth();
  const directory = useQuery(staffDirectoryQuery);
  const [search, setSearch] = useState("");
  const start = useOpenConversation(openDirectConversation, onOpened);
  const words = search.trim().toLowerCase();
  const colleagues = (directory.data?.users ?? []).filter(
    (person) => person.id !== user?.id && `${nameOf(person)} ${person.department}`.toLowerCase().includes(words),
  );
  const online = useOnlinePeople(colleagues.map((person) => person.id));

  if (directory.isPending) return <LoadingMessage>Loading your colleagues...</LoadingMessage>;
  if (directory.isError) return <ErrorMessage error={directory.error} onRetry={() => void directory.refetch()} />;
  return (
    <div className="flex flex-col gap-3">
      <label className="font-medium">
        Search by name or department
        <input type="search" className={inputClass} value={search} onChange={(event) => setSearch(event.target.value)} />
      </label>
      <FormAlert message={start.isError ? failureMessage(start.error) : null} />
      {colleagues.length === 0 ? (
        <EmptyMessage title={words ? "Nobody matches this search." : "No colleague has an account yet."} />
      ) : (
        <ul aria-label="Colleagues" className="flex max-h-[50vh] flex-col overflow-y-auto">
          {colleagues.map((person) => (
            <li key={person.id}>
              <button
                type="button"
                disabled={start.isPending}
                onClick={() => start.mutate(person.id)}
                className="flex min-h-12 w-full items-center gap-3 rounded-md px-2 py-2 text-left hover:bg-neutral-light/40 disabled:opacity-60 dark:hover:bg-brand-700"
              >
                <PersonAvatar person={{ name: nameOf(person), avatar: person.avatar }} online={online.has(person.id)} />
                <span className="min-w-0">
                  <span className="block truncate font-semibold">
                    {nameOf(person)}
                    <OnlineText online={online.has(person.id)} />
                  </span>
                  <span className={`block truncate text-sm ${mutedTextClass}`}>{person.department}</span>
                </span>
                {start.isPending && start.variables === person.id ? <span className="ml-auto text-sm">Opening...</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "New message": pick a colleague from the staff directory and open your conversation with them. */
export function NewMessageButton() {
  return (
    <DialogButton
      label={
        <>
          <SquarePen aria-hidden className="size-4" />
          New message
        </>
      }
      title="New message"
    >
      {(close) => <ColleaguePicker onOpened={close} />}
    </DialogButton>
  );
}

/** Admins reach every department's channel (from /admin): one button a department. */
export function DepartmentChannelMenu() {
  const open = useOpenConversation(openDepartmentChannel);
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-wrap gap-2" aria-label="Department channels">
        {staffDepartmentNames.map((department) => (
          <li key={department}>
            <Button variant="secondary" onClick={() => open.mutate(department)} disabled={open.isPending}>
              <Users aria-hidden className="size-4" />
              {department}
            </Button>
          </li>
        ))}
      </ul>
      <InlineAlert message={open.isError ? failureMessage(open.error) : null} />
    </div>
  );
}

/** Opens the channel of the viewer's own department (staff and admins; clients have none). */
export function DepartmentChannelButton() {
  const { user } = useAuth();
  const department = user?.department ?? GENERAL_USERS;
  const open = useOpenConversation(openDepartmentChannel);
  if (!user || department === GENERAL_USERS || !canUseDepartmentChannel(user, department)) return null;
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" onClick={() => open.mutate(department)} disabled={open.isPending}>
        <Users aria-hidden className="size-4" />
        {department} channel
      </Button>
      <InlineAlert message={open.isError ? failureMessage(open.error) : null} />
    </div>
  );
}
