import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const google = { id: "google", name: "Google", issuer: "https://accounts.google.com", clientId: "id", clientSecret: "very-secret" };
const refusal = (value: unknown) => {
  try {
    loadConfig({ OIDC_PROVIDERS: typeof value === "string" ? value : JSON.stringify(value) });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the value was accepted");
};

describe("OIDC_PROVIDERS", () => {
  it("offers no provider when unset, and reads a JSON array of providers", () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
    expect(loadConfig({ OIDC_PROVIDERS: JSON.stringify([google]) }).oidcProviders).toEqual([google]);
    // A provider on this machine (tests, development) may use plain http.
    const local = { ...google, id: "local", issuer: "http://127.0.0.1:4000" };
    expect(loadConfig({ OIDC_PROVIDERS: JSON.stringify([local]) }).oidcProviders).toEqual([local]);
  });

  it("stops with one line naming what is wrong, never echoing the client secrets", () => {
    const shape = 'Invalid configuration: OIDC_PROVIDERS must be a JSON array of { "id", "name", "issuer", "clientId", "clientSecret" }';
    expect(refusal("[{ not json")).toBe(`${shape} (it is not valid JSON)`);
    expect(refusal({ google })).toBe(shape);
    expect(refusal([{ ...google, issuer: "http://accounts.google.com" }])).toBe(
      `${shape}: entry 1 issuer must be an https URL such as https://accounts.google.com`,
    );
    expect(refusal([google, { ...google, clientSecret: undefined }])).toBe(`${shape}: entry 2 clientSecret must be a string`);
    expect(refusal([{ ...google, id: "Google Login" }])).toBe(`${shape}: entry 1 id must be 1 to 32 lower-case letters, digits or hyphens`);
    expect(refusal([google, google])).toBe(`${shape}: the id "google" appears twice`);
    expect(refusal([{ ...google, id: "bad id" }])).not.toContain("very-secret");
  });
});
