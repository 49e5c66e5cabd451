import { BadgeCheck, CircleHelp, MapPinOff } from "lucide-react";
import { type EvidenceVerdict, evidenceVerdictLabels } from "../../../../shared/evidence";

const looks: Record<EvidenceVerdict, { tone: string; Icon: typeof BadgeCheck }> = {
  verified: {
    tone: "border-green-700 bg-green-50 text-green-900 dark:border-green-300 dark:bg-green-950 dark:text-green-100",
    Icon: BadgeCheck,
  },
  outside_site: { tone: "border-red-700 bg-red-50 text-red-800 dark:border-red-300 dark:bg-red-950 dark:text-red-100", Icon: MapPinOff },
  unverified: {
    tone: "border-brand-700 bg-neutral-light/80 text-brand-900 dark:border-neutral-mid dark:bg-brand-700 dark:text-white",
    Icon: CircleHelp,
  },
};

/**
 * What the portal could check of a photo, as a label with its icon (the words carry it); the reason shows on hover, and
 * in full where the photo opens.
 */
export function VerdictBadge({ verdict, reason, className = "" }: { verdict: EvidenceVerdict; reason: string; className?: string }) {
  const { tone, Icon } = looks[verdict];
  return (
    <span
      title={reason}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone} ${className}`}
    >
      <Icon aria-hidden className="size-3.5" />
      {evidenceVerdictLabels[verdict]}
    </span>
  );
}
