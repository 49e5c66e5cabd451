import { mutedTextClass } from "../../../components/form/form-fields";
import { Button } from "../../../components/ui/Button";
import { cardClass } from "../../../components/ui/SectionCard";
import { useOutboxContext } from "./outbox-context";
import { bytesWaiting, type OutboxItem, outboxItemTitle, outboxStateLabels } from "./outbox-items";
import { holdsVideos } from "./save-data";

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toLocaleString("en-GB", { maximumFractionDigits: 1 })} MB`;

/**
 * The outbox on /site: what was made here and its state ('Waiting to send', 'Sending' with its percentage, 'Sent',
 * 'Not sent' with the reason and 'Try again'), how much is still to send, and the 'Save data' switch.
 */
export function OutboxList() {
  const outbox = useOutboxContext();
  const { items, saveData } = outbox;
  const waitingBytes = items.reduce((sum, item) => sum + bytesWaiting(item), 0);
  const unsent = items.filter((item) => item.state !== "sent").length;
  return (
    <section aria-labelledby="site-outbox" className={`${cardClass} flex flex-col gap-3`}>
      <h2 id="site-outbox" className="text-xl font-bold">
        Outbox
      </h2>
      <p className={mutedTextClass}>
        {unsent === 0 ? "Nothing waiting to be sent." : `${unsent} to send · ${megabytes(waitingBytes)} waiting to be sent.`}
      </p>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          role="switch"
          checked={saveData}
          aria-checked={saveData}
          onChange={(event) => outbox.setSaveData(event.target.checked)}
          className="mt-1 size-5"
        />
        <span>
          <span className="font-medium">Save data</span>
          <span className={`block text-sm ${mutedTextClass}`}>
            Photos are made smaller (1,600 px) before sending; videos wait for Wi-Fi.
          </span>
        </span>
      </label>
      {items.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <OutboxRow key={item.seq} item={item} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function OutboxRow({ item }: { item: OutboxItem }) {
  const outbox = useOutboxContext();
  const heldForWifi = item.kind === "video" && item.state === "waiting" && !item.sendNow && holdsVideos(outbox.saveData);
  const state = heldForWifi ? "Waiting for Wi-Fi" : outboxStateLabels[item.state];
  const title = outboxItemTitle(item);
  const snagTitle = item.kind === "snag" && item.state !== "failed" ? item.fields.title : null;
  const canMarkFixed =
    snagTitle !== null && !outbox.items.some((move) => move.kind === "snag-move" && move.snagSeq === item.seq && move.state !== "failed");
  return (
    <li className="flex flex-col gap-1 break-words border-t border-brand-700/20 pt-3 first:border-t-0 first:pt-0">
      <span className="font-medium">{title}</span>
      <span className={`text-sm ${mutedTextClass}`}>{item.projectTitle}</span>
      <span className="text-sm font-semibold">
        {state}
        {item.state === "sending" && item.progress !== null ? ` ${item.progress}%` : ""}
      </span>
      {item.state === "failed" && item.reason ? <span className="text-sm text-red-700 dark:text-red-300">{item.reason}</span> : null}
      <span className="flex flex-wrap gap-2">
        {item.state === "failed" ? (
          <Button variant="secondary" aria-label={`Try again: ${title}`} onClick={() => outbox.retry(item.seq)}>
            Try again
          </Button>
        ) : null}
        {heldForWifi ? (
          <Button variant="secondary" aria-label={`Send now: ${title}`} onClick={() => outbox.sendNow(item.seq)}>
            Send now
          </Button>
        ) : null}
        {canMarkFixed ? (
          <Button
            variant="secondary"
            aria-label={`Mark fixed: ${snagTitle}`}
            onClick={() =>
              void outbox.queue(
                { id: item.projectId, title: item.projectTitle },
                { kind: "snag-move", snagId: null, snagSeq: item.seq, snagTitle },
              )
            }
          >
            Mark fixed
          </Button>
        ) : null}
      </span>
    </li>
  );
}
