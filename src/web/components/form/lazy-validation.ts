import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/** A form's schema, or a loader of its module, for a form on a public page whose first load carries no zod. */
export type SchemaSource<Input, Output> = z.ZodType<Output, Input> | (() => Promise<z.ZodType<Output, Input>>);

/**
 * zod's resolver (and a lazily loaded schema) are fetched at the first check, not with the form: the resolver's
 * module pulls zod in, which would otherwise weigh on the first load of every page with a form.
 */
const loadValidation = <Input, Output>(source: SchemaSource<Input, Output>) =>
  Promise.all([import("../../lib/form-resolver"), typeof source === "function" ? source() : source]);

/** The schema itself, for a form that checks without react-hook-form (use-public-form.ts). */
export const loadSchema = <Input, Output>(source: SchemaSource<Input, Output>): Promise<z.ZodType<Output, Input>> =>
  typeof source === "function" ? source() : Promise.resolve(source);

/** A react-hook-form resolver checking with the schema, once it and zod's resolver are loaded. */
export function lazyResolver<Input extends FieldValues, Output>(source: SchemaSource<Input, Output>): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const [{ zodResolver }, schema] = await loadValidation(source);
    return zodResolver(schema)(values, context, options);
  };
}

/** Starts loading the validators early (on the form's first focus, say); a failure shows at the check instead. */
export const prefetchValidation = <Input, Output>(source: SchemaSource<Input, Output>) => {
  loadValidation(source).catch(() => {});
};
