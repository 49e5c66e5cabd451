import { createHmac } from "node:crypto";
import { type IceServerList, TURN_CREDENTIAL_TTL_SECONDS } from "../../../shared/calls.js";

export type TurnConfig = { urls: readonly string[]; secret: string };

/**
 * coturn's REST credentials (use-auth-secret): the username is "<expiry in Unix seconds>:<user id>" and the
 * password the base64 HMAC-SHA1 of that username under the shared secret, so coturn checks them without
 * asking us, they stop working at the expiry, and the secret itself never leaves the server.
 */
export function turnCredentials(secret: string, userId: string, now = Date.now()) {
  const expiresAt = Math.floor(now / 1000) + TURN_CREDENTIAL_TTL_SECONDS;
  const username = `${expiresAt}:${userId}`;
  return { username, credential: createHmac("sha1", secret).update(username).digest("base64"), expiresAt: new Date(expiresAt * 1000) };
}

/** turn:host:port?transport=udp → stun:host:port: coturn answers STUN on its TURN ports (not over TLS). */
const stunUriOf = (turnUri: string) => (turnUri.startsWith("turn:") ? `stun:${turnUri.slice(5).split("?")[0]}` : null);

/** What RTCPeerConnection needs: STUN on the TURN servers, and TURN with this user's time-limited credentials. */
export function iceServersFor(turn: TurnConfig | undefined, userId: string, now = Date.now()): IceServerList {
  if (!turn) return { iceServers: [], expiresAt: null };
  const { username, credential, expiresAt } = turnCredentials(turn.secret, userId, now);
  const stun = [...new Set(turn.urls.map(stunUriOf).filter((uri): uri is string => uri !== null))];
  return {
    iceServers: [...(stun.length > 0 ? [{ urls: stun }] : []), { urls: [...turn.urls], username, credential }],
    expiresAt: expiresAt.toISOString(),
  };
}
