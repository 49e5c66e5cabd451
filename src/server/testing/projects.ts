import { expect } from "vitest";
import type { accountsClient } from "./accounts.js";
import type { SignedIn } from "./people.js";

/** Creates projects through the API, as the project office or an admin would. */
export function projectMaker({ call }: Pick<ReturnType<typeof accountsClient>, "call">) {
  /** A residential duplex in Abuja, in progress, unless the fields say otherwise; answers its id. */
  return async function createProject(by: SignedIn, fields: Record<string, unknown> = {}): Promise<number> {
    const created = await call(
      "/projects",
      {
        title: "Gwarinpa Family Duplex",
        description: "A four-bedroom duplex with a boys' quarters.",
        category: "residential",
        city: "Abuja",
        state: "FCT",
        status: "in_progress",
        budgetKobo: 85_000_000_00,
        ...fields,
      },
      by.auth,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  };
}
