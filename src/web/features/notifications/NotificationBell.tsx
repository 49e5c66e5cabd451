import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { Link } from "react-router";
import { countOf } from "../../../shared/plural";
import { RelativeTime } from "../../components/ui/RelativeTime";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { usePopover } from "../../lib/use-popover";
import { markNotificationsRead, notificationsQuery } from "./api";

/** The bell: the unread count, and the latest events in a panel; opening one marks it read. */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const notifications = useQuery(notificationsQuery);
  const panel = usePopover();
  const markRead = useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
  const unread = notifications.data?.unread ?? 0;
  const openAlerts = notifications.data?.openSecurityAlerts ?? 0;
  const count = unread + openAlerts;
  const alertsLabel = countOf(openAlerts, "open security alert");

  return (
    <div ref={panel.container} className="relative">
      <button
        type="button"
        {...panel.buttonProps}
        className="relative flex size-10 items-center justify-center rounded-full border border-neutral-light dark:border-brand-700"
      >
        <Bell aria-hidden className="size-5" />
        <span className="sr-only">
          Notifications{unread > 0 ? `, ${unread} unread` : ""}
          {openAlerts > 0 ? `, ${alertsLabel}` : ""}
        </span>
        {count > 0 ? (
          <span
            aria-hidden
            className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </button>
      <div
        id={panel.panelId}
        hidden={!panel.open}
        className="fixed inset-x-2 top-16 z-50 max-h-[70vh] overflow-y-auto rounded-lg border border-neutral-light bg-white p-2 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96 dark:border-brand-700 dark:bg-brand-900"
      >
        <div className="flex items-center justify-between gap-2 px-2 py-1">
          <h2 className="font-bold">Notifications</h2>
          {unread > 0 ? (
            <button
              type="button"
              className="min-h-10 rounded-md px-2 text-sm font-semibold underline underline-offset-2"
              onClick={() => markRead.mutate(undefined)}
            >
              Mark all as read
            </button>
          ) : null}
        </div>
        {openAlerts > 0 ? (
          <Link
            to="/security#alerts"
            onClick={() => panel.setOpen(false)}
            className="mx-2 my-1 block rounded-md bg-red-700 px-3 py-2 font-semibold text-white underline-offset-2 hover:underline"
          >
            {alertsLabel}
          </Link>
        ) : null}
        {notifications.isPending ? <LoadingMessage>Loading notifications...</LoadingMessage> : null}
        {notifications.isError ? <ErrorMessage error={notifications.error} onRetry={() => void notifications.refetch()} /> : null}
        {notifications.data?.items.length === 0 ? (
          <p className="px-2 py-4 text-center text-brand-700 dark:text-neutral-light">
            Nothing new. Updates on your projects will appear here.
          </p>
        ) : null}
        <ul className="flex flex-col">
          {notifications.data?.items.map((item) => {
            const content = (
              <>
                <span className="flex items-start justify-between gap-2">
                  <span className={item.readAt ? "" : "font-semibold"}>{item.title}</span>
                  {item.readAt ? null : (
                    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-accent-700">
                      <span className="sr-only">unread</span>
                    </span>
                  )}
                </span>
                {item.body ? <span className="line-clamp-2 text-sm">{item.body}</span> : null}
                <RelativeTime iso={item.createdAt} className="text-xs text-brand-700 dark:text-neutral-light" />
              </>
            );
            const className =
              "flex w-full flex-col gap-0.5 rounded-md px-2 py-2 text-left hover:bg-neutral-light/40 dark:hover:bg-brand-700";
            const onOpen = () => {
              if (!item.readAt) markRead.mutate([item.id]);
            };
            return (
              <li key={item.id}>
                {item.link ? (
                  <Link to={item.link} className={className} onClick={onOpen}>
                    {content}
                  </Link>
                ) : (
                  <button type="button" className={className} onClick={onOpen}>
                    {content}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
