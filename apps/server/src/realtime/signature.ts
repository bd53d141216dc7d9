import crypto from "node:crypto";
import { hmacSha256, safeEqual } from "../lib/crypto.ts";

// The two signatures of the Pusher protocol: channel authorisation strings ("<key>:<hmac>") and
// the signed query of the HTTP events API the `pusher` SDK calls.

/** `<key>:HMAC-SHA256(secret, "<socket_id>:<channel>")`, what a private channel subscription carries. */
export function channelAuth(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${hmacSha256(secret, `${socketId}:${channel}`)}`;
}

/** Pusher socket ids are two integers joined by a dot; anything else could smuggle a ":" into the signed text. */
export const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;
/** Channel names Pusher accepts: up to 164 of these characters. */
export const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

/**
 * Checks the signed query of an HTTP API call: `auth_signature` = HMAC of "METHOD\npath\nsorted
 * query without the signature", `body_md5` = md5 of the raw body, timestamp within 10 minutes.
 * Answers the reason it fails, or null when it is good.
 */
export function httpApiError(
  { key, secret }: { key: string; secret: string },
  request: { method: string; path: string; query: Record<string, string>; body: string; nowSeconds: number },
): string | null {
  const { auth_signature: signature, ...params } = request.query;
  if (params.auth_key !== key) return "Unknown auth_key";
  if (params.auth_version !== "1.0") return "auth_version must be 1.0";
  const timestamp = Number(params.auth_timestamp);
  if (!Number.isFinite(timestamp) || Math.abs(request.nowSeconds - timestamp) > 600) {
    return "Timestamp expired: the auth_timestamp must be within 600 seconds of the server's time";
  }
  if (request.body && params.body_md5 !== crypto.createHash("md5").update(request.body, "utf8").digest("hex")) {
    return "body_md5 does not match the body";
  }
  const query = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
  const expected = hmacSha256(secret, [request.method.toUpperCase(), request.path, query].join("\n"));
  return signature && safeEqual(signature, expected) ? null : "Invalid signature";
}
