import type { ReactNode } from "react";
import { mutedTextClass } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { EmptyMessage } from "../../components/ui/StatusMessage";
import { TableHead } from "../../components/ui/TableHead";
import { downloadCsv } from "../../lib/csv";

export type Table = { columns: string[]; rows: (string | number)[][] };

/**
 * One chart of the analytics screen with its figures as a table beside it (what assistive technology reads: the
 * chart is a picture of the table) and a CSV download of them; a plain message when there is nothing to show.
 */
export function ChartPanel(props: { id: string; title: string; empty: string; isEmpty: boolean; table: Table; chart: ReactNode }) {
  const { id, title, table } = props;
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {title}
        </h3>
        {props.isEmpty ? null : (
          <Button
            variant="secondary"
            aria-label={`Download CSV of ${title}`}
            onClick={() => downloadCsv(`${id}.csv`, table.columns, table.rows)}
          >
            Download CSV
          </Button>
        )}
      </div>
      {props.isEmpty ? (
        <EmptyMessage title={props.empty} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <div aria-hidden className="min-w-0 overflow-hidden text-brand-900 dark:text-neutral-light">
            {props.chart}
          </div>
          {/* Scrolls within its height: focusable, so that the keyboard can scroll it too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1). */}
          <section aria-label={`${title}: table`} tabIndex={0} className="max-h-64 overflow-auto">
            <table className="w-full text-left text-sm tabular-nums">
              <caption className={`pb-2 text-left ${mutedTextClass}`}>{title}: the figures of the chart</caption>
              <TableHead columns={table.columns.map((label) => ({ label }))} />
              <tbody>
                {table.rows.map((row) => (
                  <tr key={String(row[0])} className="border-b border-neutral-light last:border-0 dark:border-brand-700">
                    {row.map((cell, index) =>
                      index === 0 ? (
                        <th key={table.columns[index]} scope="row" className="py-1.5 pr-3 font-normal break-all">
                          {cell}
                        </th>
                      ) : (
                        <td key={table.columns[index]} className="py-1.5 pr-3">
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      )}
    </section>
  );
}
