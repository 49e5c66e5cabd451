import { Monitor, Moon, Sun } from "lucide-react";
import { useId } from "react";
import type { ThemePreference } from "../../lib/theme";
import { useTheme } from "../../lib/theme-provider";

const options: { value: ThemePreference; label: string; Icon: typeof Sun }[] = [
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
  { value: "system", label: "System", Icon: Monitor },
];

/** Light / dark / system, as a radio group a keyboard can use. */
export function ThemeSwitch() {
  const { preference, setPreference } = useTheme();
  // The header has two switches (desktop and mobile menu): each needs its own radio group.
  const groupName = useId();
  return (
    <fieldset className="flex items-center gap-1 rounded-full border border-neutral-light p-1 dark:border-brand-700">
      <legend className="sr-only">Colour theme</legend>
      {options.map(({ value, label, Icon }) => (
        <label
          key={value}
          title={label}
          className="flex size-10 cursor-pointer items-center justify-center rounded-full has-[:checked]:bg-brand-900 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-500 dark:has-[:checked]:bg-white dark:has-[:checked]:text-brand-900"
        >
          <input
            type="radio"
            name={groupName}
            value={value}
            checked={preference === value}
            onChange={() => setPreference(value)}
            className="sr-only"
          />
          <Icon aria-hidden className="size-4" />
          <span className="sr-only">{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
