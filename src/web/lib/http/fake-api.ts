import { vi } from "vitest";
import { connectSession, type RefreshOutcome } from "./client";

/** `raw` is a body sent as it is (a file), instead of `body` as JSON. */
export type Answer = { status: number; body?: unknown; raw?: string; headers?: Record<string, string> };

export const ok = (data: unknown): Answer => ({ status: 200, body: { success: true, data, message: null, error: null } });
export const failure = (status: number, message: string | null, headers?: Record<string, string>): Answer => ({
  status,
  body: { success: false, data: null, message, error: "x" },
  headers,
});

/** Replaces fetch with one that gives these answers in turn and records what was asked. */
export function serve(...answers: Answer[]) {
  const calls: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, authorization: new Headers(init.headers).get("authorization") });
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected request to ${url}`);
      return new Response(answer.raw ?? JSON.stringify(answer.body ?? null), { status: answer.status, headers: answer.headers });
    }),
  );
  return calls;
}

export function connect(token: string | null, refreshOutcome: RefreshOutcome = "refreshed") {
  const state = { token, expired: false, refreshes: 0, mfaEnrolmentRequired: false };
  connectSession({
    accessToken: () => state.token,
    refresh: async () => {
      state.refreshes++;
      if (refreshOutcome === "refreshed") state.token = "renewed";
      return refreshOutcome;
    },
    expire: () => {
      state.expired = true;
      state.token = null;
    },
    mfaEnrolmentRequired: () => {
      state.mfaEnrolmentRequired = true;
    },
  });
  return state;
}

/** Runs a request to its end, letting fake time pass for its retries. */
export async function settle<T>(request: Promise<T>): Promise<T> {
  const outcome = request.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  const result = (await outcome) as { value?: T; error?: unknown };
  if ("error" in result) throw result.error;
  return result.value as T;
}
