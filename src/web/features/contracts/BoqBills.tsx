import { ChevronRight } from "lucide-react";
import type { BoqAnswer } from "../../../shared/contracts";
import { formatKobo } from "../../../shared/naira";
import { mutedTextClass } from "../../components/form/form-fields";
import { TableHead } from "../../components/ui/TableHead";

type Bill = BoqAnswer["bills"][number];

const figure = "text-right tabular-nums whitespace-nowrap";
// Fixed widths, so that the columns of every bill line up under each other.
const columns = [
  { label: "Item", className: "w-20 pl-3" },
  { label: "Description" },
  { label: "Unit", className: "w-16" },
  { label: "Quantity", className: "w-24 text-right" },
  { label: "Rate", className: "w-36 text-right" },
  { label: "Amount", className: "w-40 pr-3 text-right" },
];
const quantityFormat = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 3 });

/** One bill: a disclosure (native, so keyboard operable) holding its items; the table scrolls sideways on a phone. */
function BillGroup({ bill }: { bill: Bill }) {
  return (
    <details open className="group rounded-md border border-neutral-light dark:border-brand-700">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 font-semibold">
        <ChevronRight aria-hidden className="size-4 shrink-0 transition-transform group-open:rotate-90" />
        <span className="min-w-0 flex-1 break-words">{bill.name}</span>
        <span className={figure}>{formatKobo(bill.subtotal)}</span>
      </summary>
      <section
        className="overflow-x-auto border-t border-neutral-light dark:border-brand-700"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region with nothing focusable inside must take the focus itself.
        tabIndex={0}
        aria-label={`Items of ${bill.name}`}
      >
        <table className="w-full min-w-[44rem] table-fixed text-left text-sm">
          <caption className="sr-only">Items of {bill.name}, amounts in naira</caption>
          <TableHead columns={columns} />
          <tbody className="divide-y divide-neutral-light dark:divide-brand-700">
            {bill.items.map((item) => (
              <tr key={item.id}>
                <th scope="row" className="py-2 pr-3 pl-3 text-left font-mono font-normal whitespace-nowrap">
                  {item.ref}
                </th>
                <td className="py-2 pr-3 break-words">{item.description}</td>
                <td className="py-2 pr-3">{item.unit}</td>
                <td className={`py-2 pr-3 ${figure}`}>{quantityFormat.format(item.quantity)}</td>
                <td className={`py-2 pr-3 ${figure}`}>{formatKobo(item.rate)}</td>
                <td className={`py-2 pr-3 ${figure}`}>{formatKobo(item.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-neutral-light font-semibold dark:border-brand-700">
              <th scope="row" colSpan={5} className="py-2 pr-3 pl-3 text-right">
                Subtotal
              </th>
              <td className={`py-2 pr-3 ${figure}`}>{formatKobo(bill.subtotal)}</td>
            </tr>
          </tfoot>
        </table>
      </section>
    </details>
  );
}

/** The BOQ's bills, each collapsible, then the contract sum. */
export function BoqBills({ boq }: { boq: BoqAnswer }) {
  return (
    <div className="flex flex-col gap-3">
      {boq.bills.map((bill) => (
        <BillGroup key={bill.name} bill={bill} />
      ))}
      <p className="flex flex-wrap items-baseline justify-between gap-2 border-t-2 border-brand-900 pt-3 text-lg font-bold dark:border-white">
        <span>Contract sum</span>
        <span className="tabular-nums">{formatKobo(boq.contractSum)}</span>
      </p>
      <p className={`text-sm ${mutedTextClass}`}>
        Each amount is quantity × rate to the kobo; subtotals and the sum are added from the items.
      </p>
    </div>
  );
}
