import type { FastifyInstance } from "fastify";
import { ApiError } from "../../shared/api.js";
import { productWording } from "../../shared/wording.js";

/** A 400 naming the field that holds a NUL character (the envelope's usual validation answer). */
export const nulCharacterRefusal = (field: string) =>
  new ApiError(400, productWording.validationFailed, "validation_failed", { [field]: productWording.nulCharacter });

type Visit = { value: unknown; key: string; parent: Visit | null };

const pathOf = (visit: Visit) => {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
};

/**
 * The path ("items.0.name") of a string in `value` (its keys included) that holds a NUL character; "" for `value`
 * itself; null when there is none. Walked with a stack of its own, each step pointing at its parent, not by recursion
 * nor by building every path: a 1 MiB body can nest half a million arrays deep.
 */
export function nulCharacterIn(value: unknown): string | null {
  const pending: Visit[] = [{ value, key: "", parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (typeof visit.value === "string") {
      if (visit.value.includes("\u0000")) return pathOf(visit);
      continue;
    }
    if (typeof visit.value !== "object" || visit.value === null) continue;
    for (const [key, item] of Object.entries(visit.value)) {
      const child = { value: item, key, parent: visit };
      if (key.includes("\u0000")) return pathOf(child);
      pending.push(child);
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text (nor \u0000 in jsonb): a query given one fails, which would answer
 * 500. So every API request's path parameters, query and JSON body are checked once, before any route reads them,
 * and a NUL anywhere answers 400. What this cannot see (a multipart form's fields) the database refuses, and
 * databaseRefusedNul turns that refusal into the same 400.
 */
export function refuseNulCharacters(api: FastifyInstance) {
  api.addHook("preValidation", async (request) => {
    const field = nulCharacterIn(request.params) ?? nulCharacterIn(request.query) ?? nulCharacterIn(request.body);
    if (field !== null) throw nulCharacterRefusal(field || "body");
  });
}

// 22021 (character_not_in_repertoire): a NUL in text; 22P05 (untranslatable_character): \u0000 in jsonb.
const NUL_REFUSAL_CODES = new Set(["22021", "22P05"]);

/** Whether the database refused a query because a value held a NUL character (looking through Drizzle's wrapping). */
export function databaseRefusedNul(error: unknown): boolean {
  for (let current = error; typeof current === "object" && current !== null; current = (current as { cause?: unknown }).cause) {
    const { code } = current as { code?: unknown };
    if (typeof code === "string" && NUL_REFUSAL_CODES.has(code)) return true;
  }
  return false;
}
