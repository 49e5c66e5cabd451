import type { Invoice, PaymentStatus } from "../../../shared/invoices.js";

/** A payment against an invoice, as its standing counts it (rejected ones are left out by the caller or count nothing). */
export type CountedPayment = { status: PaymentStatus; amount: number };

/**
 * What was paid against an invoice and what it still wants: `paid` is Σ its confirmed payments, `awaitingConfirmation`
 * Σ those recorded but not yet confirmed, `balance` amount − paid (negative when overpaid).
 */
export function standingOf(
  amount: number,
  own: readonly CountedPayment[],
): Pick<Invoice, "paid" | "awaitingConfirmation" | "balance" | "status"> {
  const sum = (status: PaymentStatus) =>
    own.filter((payment) => payment.status === status).reduce((total, payment) => total + payment.amount, 0);
  const paid = sum("confirmed");
  return {
    paid,
    awaitingConfirmation: sum("awaiting_confirmation"),
    balance: amount - paid,
    status: paid === 0 ? "unpaid" : paid < amount ? "part_paid" : paid === amount ? "paid" : "overpaid",
  };
}
