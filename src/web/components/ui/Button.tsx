import type { ComponentProps } from "react";
import { Link } from "react-router";

const variants = {
  primary: "bg-accent-700 text-white hover:bg-brand-700 dark:bg-accent-500 dark:text-brand-900 dark:hover:bg-neutral-light",
  secondary:
    "border border-brand-900 text-brand-900 hover:bg-brand-900 hover:text-white dark:border-neutral-light dark:text-white dark:hover:bg-white dark:hover:text-brand-900",
  inverse: "bg-white text-brand-900 hover:bg-neutral-light",
  /** For what cannot be undone (deleting). */
  danger: "bg-red-700 text-white hover:bg-red-800 dark:bg-red-300 dark:text-brand-900 dark:hover:bg-red-200",
} as const;

type Variant = keyof typeof variants;

/** docs/product.md#brand: buttons are at least 40 px high and 80 px wide. */
export const buttonClass = (variant: Variant = "primary", extra = "") =>
  `inline-flex min-h-10 min-w-20 items-center justify-center gap-2 rounded-md px-5 py-2 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`;

export function Button({ variant, className, ...props }: ComponentProps<"button"> & { variant?: Variant }) {
  return <button type="button" className={buttonClass(variant, className)} {...props} />;
}

export function ButtonLink({ variant, className, ...props }: ComponentProps<typeof Link> & { variant?: Variant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
