import { hmacSha256, safeEqual } from "../../lib/crypto.ts";

// HMAC capabilities: a link that carries its signature opens without a bearer token (payment
// pages, the signed callback of the test gateway, invoices), and cannot be forged or re-aimed.

export function sign(secret: string, ...parts: (string | number)[]): string {
  return hmacSha256(secret, parts.join(":"), "base64url");
}

export function verify(secret: string, signature: unknown, ...parts: (string | number)[]): boolean {
  return typeof signature === "string" && signature.length <= 100 && safeEqual(signature, sign(secret, ...parts));
}
