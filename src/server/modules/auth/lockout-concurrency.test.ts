import { describe, expect, it, vi } from "vitest";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

// Counts every password check the server makes, by wrapping the real verifier.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock("./passwords.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("./passwords.js")>();
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      hashes.count++;
      return real.verifyPassword(hash, password);
    },
  };
});

const { call, registerVerified } = setUpTestServer();

describe("the sign-in lockout under concurrency", () => {
  it("checks at most 5 of 30 simultaneous wrong passwords for one account and refuses the rest with 429", async () => {
    await registerVerified("besieged@example.com");
    hashes.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) =>
        call("/auth/verify-credentials", { email: "besieged@example.com", password: `guess-${attempt}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    expect(hashes.count).toBeLessThanOrEqual(5);
  });

  it("does not count a successful sign-in as a failure", async () => {
    await registerVerified("regular@example.com");
    for (let round = 0; round < 8; round++) {
      expect((await call("/auth/verify-credentials", { email: "regular@example.com", password: "harmattan-2026" })).status).toBe(200);
    }
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await call("/auth/verify-credentials", { email: "regular@example.com", password: `guess-${attempt}` })).status).toBe(401);
    }
    expect((await call("/auth/verify-credentials", { email: "regular@example.com", password: "harmattan-2026" })).status).toBe(200);
  });
});
