import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { NotificationSettings } from "../../../shared/account";
import { type NotificationChannels, type NotificationKind, notificationKindsFor } from "../../../shared/notifications";
import { failureMessage } from "../../components/form/form-errors";
import { FormAlert, FormSuccess } from "../../components/form/form-fields";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { useAuth } from "../../lib/session/AuthProvider";
import { accountApi, notificationSettingsQuery } from "./api";

const channels: { key: keyof NotificationChannels; label: string }[] = [
  { key: "inApp", label: "In the portal" },
  { key: "email", label: "By email" },
];

const checkboxClass = "size-5 shrink-0 accent-accent-700 dark:accent-accent-500";

/** One row per kind of event: a group named by the event, with a checkbox per channel. */
function PreferencesEditor({ settings }: { settings: NotificationSettings }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [draft, setDraft] = useState(settings.preferences);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () => accountApi.saveNotificationPreferences(draft),
    onSuccess: (result) => {
      queryClient.setQueryData(notificationSettingsQuery.queryKey, result);
      setSaved(true);
    },
  });

  const toggle = (kind: NotificationKind, channel: keyof NotificationChannels, on: boolean) => {
    setSaved(false);
    setDraft((current) => ({ ...current, [kind]: { ...current[kind], [channel]: on } }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      {/* Column headings on wide screens; each checkbox keeps its own label (seen on small screens, read by screen readers). A floated legend is an ordinary grid item of its fieldset. */}
      <div
        aria-hidden
        className="hidden grid-cols-[1fr_8rem_8rem] gap-3 border-b border-neutral-light pb-2 font-semibold sm:grid dark:border-brand-700"
      >
        <span>Event</span>
        {channels.map((channel) => (
          <span key={channel.key} className="text-center">
            {channel.label}
          </span>
        ))}
      </div>
      <div className="flex flex-col divide-y divide-neutral-light dark:divide-brand-700">
        {notificationKindsFor(user?.role ?? "user").map((kind) => (
          <fieldset key={kind} className="grid gap-2 py-3 sm:grid-cols-[1fr_8rem_8rem] sm:items-center sm:gap-3">
            <legend className="float-left font-medium">{settings.labels[kind]}</legend>
            {channels.map((channel) => (
              <label key={channel.key} className="flex min-h-10 items-center gap-2 sm:justify-center">
                <input
                  type="checkbox"
                  className={checkboxClass}
                  checked={draft[kind][channel.key]}
                  onChange={(event) => toggle(kind, channel.key, event.target.checked)}
                />
                <span className="sm:sr-only">{channel.label}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <FormAlert message={save.isError ? failureMessage(save.error) : null} />
      {saved ? <FormSuccess title="Notification preferences saved." /> : null}
      <div className="sm:max-w-xs">
        <SubmitButton pending={save.isPending} label="Save notification preferences" pendingLabel="Saving..." />
      </div>
    </form>
  );
}

/** What the user is told about, in the bell and by email, for each kind of event. */
export function NotificationPreferencesForm() {
  const settings = useQuery(notificationSettingsQuery);
  if (settings.isPending) return <LoadingMessage>Loading your notification preferences...</LoadingMessage>;
  if (settings.isError) return <ErrorMessage error={settings.error} onRetry={() => void settings.refetch()} />;
  return <PreferencesEditor settings={settings.data} />;
}
