import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, gzipParts } from "./gzip-parts.js";

describe("gzipParts", () => {
  it("joins parts compressed once and a piece compressed per response into one gzip stream", () => {
    const parts = ['<html><head><script nonce="', '">boot()</script>', `${"<p>Abuja é ọ</p>".repeat(2000)}</html>`];
    const page = gzipParts(parts);
    for (const nonce of ["AAAAAAAAAAAAAAAAAAAAAA", "b-_9zzzzzzzzzzzzzzzzzz"]) {
      const body = page.join(nonce);
      expect(gunzipSync(body).toString("utf8")).toBe(parts.join(nonce));
    }
    expect(page.join("x").length).toBeLessThan(parts.join("x").length / 20);
  });

  it("works for a text without any separator", () => {
    expect(gunzipSync(gzipParts(["only one part"]).join("unused")).toString()).toBe("only one part");
  });
});

describe("acceptsGzip", () => {
  it.each([
    ["gzip, deflate, br, zstd", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["*", true],
    ["br", false],
    ["gzip;q=0", false],
    ["identity", false],
    [undefined, false],
  ])("%s → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
