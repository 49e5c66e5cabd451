import { describe, expect, it } from "vitest";
import { backoffDelayMs, isRetryableStatus, RETRY_POLICY, retryDelayMs } from "./retry";

const noJitter = () => 0;
const fullJitter = () => 0.999_999;

describe("retry delays (docs/product.md#http-client)", () => {
  it("allows 3 retries", () => {
    expect(RETRY_POLICY.maxRetries).toBe(3);
  });

  it("starts at 1 s and doubles", () => {
    expect([0, 1, 2].map((retry) => retryDelayMs(retry, null, noJitter))).toEqual([1000, 2000, 4000]);
  });

  it("never waits more than 10 s before the jitter", () => {
    expect(retryDelayMs(3, null, noJitter)).toBe(8000);
    expect(retryDelayMs(4, null, noJitter)).toBe(10_000);
    expect(retryDelayMs(10, null, noJitter)).toBe(10_000);
  });

  it("adds at most 10% jitter", () => {
    expect(retryDelayMs(0, null, fullJitter)).toBe(1100);
    expect(retryDelayMs(1, null, () => 0.5)).toBe(2100);
    expect(retryDelayMs(9, null, fullJitter)).toBe(11_000);
  });

  it("waits as long as the server's retry-after says, with the same jitter", () => {
    expect(retryDelayMs(0, 3, noJitter)).toBe(3000);
    expect(retryDelayMs(2, 3, fullJitter)).toBe(3300);
    expect(retryDelayMs(0, 0, noJitter)).toBe(0);
  });

  it("gives up when the server asks for a longer wait than 10 s", () => {
    expect(retryDelayMs(0, 10, noJitter)).toBe(10_000);
    expect(retryDelayMs(0, 11, noJitter)).toBeNull();
    expect(retryDelayMs(0, 900, noJitter)).toBeNull();
  });

  it("retries 408, 429, 500, 502, 503 and 504 only", () => {
    const retried = [400, 401, 403, 404, 408, 409, 429, 500, 501, 502, 503, 504, 505].filter(isRetryableStatus);
    expect(retried).toEqual([408, 429, 500, 502, 503, 504]);
  });
});

describe("token refresh backoff (docs/product.md#sessions)", () => {
  it("doubles from 200 ms", () => {
    expect([0, 1, 2, 3].map((retry) => backoffDelayMs(retry, 200))).toEqual([200, 400, 800, 1600]);
  });
});
