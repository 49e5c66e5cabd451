import { useMemo, useState } from "react";
import { type SessionUser, timeZoneSchema } from "../../../shared/auth";
import { COMPANY_TIME_ZONE, timeZoneNames } from "../../../shared/zoned-time";
import { FormAlert, mutedTextClass, SelectField, TextField } from "../../components/form/form-fields";
import { useApiForm } from "../../components/form/use-api-form";
import { Button } from "../../components/ui/Button";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { formatsIn } from "../../lib/format";
import { useAuth } from "../../lib/session/AuthProvider";
import { browserTimeZone } from "../../lib/session/browser-time-zone";
import { toast } from "../../lib/toast";
import { accountApi } from "./api";

/** "new york" finds America/New_York: the names' underscores and slashes read as spaces. */
const searchable = (name: string) => name.toLowerCase().replace(/[_/]/g, " ");

/**
 * The zone every date and time of the portal and of the emails is written in for this person: found by typing part
 * of its name, chosen in the list (arrow keys, or typing, as any list), or taken from this browser in one step.
 */
export function TimeZoneForm({ user }: { user: SessionUser }) {
  const { updateUser } = useAuth();
  const saved = user.timeZone ?? COMPANY_TIME_ZONE;
  const [search, setSearch] = useState("");
  const browserZone = useMemo(browserTimeZone, []);
  const allZones = useMemo(() => timeZoneNames(saved), [saved]);
  const {
    field,
    submit,
    failure,
    watch,
    setValue,
    formState: { isSubmitting },
  } = useApiForm(timeZoneSchema, { defaultValues: { timeZone: saved }, fields: ["timeZone"] });
  const chosen = watch("timeZone");

  const words = searchable(search.trim()).split(/\s+/).filter(Boolean);
  const matches = allZones.filter((name) => words.every((word) => searchable(name).includes(word)));
  // The chosen zone stays in the list whatever is typed, so the list always shows what will be saved.
  const listed = matches.includes(chosen) ? matches : [chosen, ...matches];

  const onSubmit = submit(async ({ timeZone }) => {
    const result = await accountApi.updateProfile({ timeZone });
    updateUser(result);
    toast.success(`Times are now shown in ${timeZone}.`);
  });

  const now = new Date().toISOString();
  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-xl flex-col gap-4">
      <p>
        Times are shown in <strong className="break-all">{saved}</strong>
        {user.timeZone ? "" : " (the company's zone, until you choose yours)"}: it is {formatsIn(saved).time(now)} there now.
      </p>
      <TextField
        label="Find a time zone"
        type="search"
        optional
        autoComplete="off"
        hint="Type part of a city or region, such as London or Lagos."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {matches.length === 0 ? (
        <p role="status" className={`text-sm ${mutedTextClass}`}>
          No time zone matches “{search.trim()}”. Try a nearby large city.
        </p>
      ) : (
        <p role="status" className={`text-sm ${mutedTextClass}`}>
          {search.trim() ? `${matches.length} of ${allZones.length} zones match.` : `${allZones.length} zones.`}
        </p>
      )}
      <SelectField label="Time zone" hint={chosen ? `${formatsIn(chosen).time(now)} there now.` : undefined} {...field("timeZone")}>
        {listed.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <FormAlert message={failure} />
      <div className="flex flex-wrap gap-3">
        <div className="w-full sm:w-auto sm:min-w-48">
          <SubmitButton pending={isSubmitting} label="Save time zone" pendingLabel="Saving..." />
        </div>
        {browserZone && browserZone !== chosen ? (
          <Button variant="secondary" onClick={() => setValue("timeZone", browserZone, { shouldDirty: true })}>
            Use this device's zone ({browserZone})
          </Button>
        ) : null}
      </div>
    </form>
  );
}
