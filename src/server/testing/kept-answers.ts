import { expect } from "vitest";
import type { SignedIn } from "./people.js";
import type { TestServer } from "./test-app.js";

/**
 * GET /api<path> as this person on each instance, twice on each so that the second answer is one the instance kept:
 * the data of each instance's second answer.
 */
export async function keptAnswersOnEach<T>(instances: TestServer[], who: SignedIn, path: string): Promise<T[]> {
  const answers: T[] = [];
  for (const instance of instances) {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(instance.url(`/api${path}`), { headers: who.auth });
      expect(response.status).toBe(200);
      if (i === 1) answers.push(((await response.json()) as { data: T }).data);
    }
  }
  return answers;
}
