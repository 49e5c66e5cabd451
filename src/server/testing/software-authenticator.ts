import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key: maps, integers, text and byte strings. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) =>
    length < 24
      ? Buffer.from([(major << 5) | length])
      : length < 256
        ? Buffer.from([(major << 5) | 24, length])
        : Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`cannot encode ${typeof value}`);
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64u = (data: Buffer) => data.toString("base64url");

/**
 * A passkey authenticator in software (ES256, "none" attestation, user verified) for server tests: it answers the
 * options of @simplewebauthn/server as a browser would, for the origin and RP id given (right or wrong on purpose).
 */
export function softwareAuthenticator() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = randomBytes(16);
  let userHandle = "";
  let signCount = 0;
  const coseKey = new Map<number, unknown>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x ?? "", "base64url")],
    [-3, Buffer.from(jwk.y ?? "", "base64url")],
  ]);
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counter = (value: number) => Buffer.from([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);

  return {
    id: b64u(credentialId),
    /** Answers registration options (creates the credential). */
    register(options: { challenge: string; user: { id: string } }, origin: string, rpId: string) {
      userHandle = options.user.id;
      const attested = Buffer.concat([Buffer.alloc(16), Buffer.from([0, credentialId.length]), credentialId, cbor(coseKey)]);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x45]), counter(signCount), attested]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64u(clientData("webauthn.create", options.challenge, origin)),
          attestationObject: b64u(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },
    /** Answers authentication options; `count` overrides the signature counter (a cloned key repeats one). */
    assert(options: { challenge: string }, origin: string, rpId: string, count = ++signCount) {
      const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), counter(count)]);
      const clientDataJSON = clientData("webauthn.get", options.challenge, origin);
      const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64u(clientDataJSON),
          authenticatorData: b64u(authenticatorData),
          signature: b64u(signature),
          userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
