import { createHmac, timingSafeEqual } from "node:crypto";

/** HMAC-SHA256 of `text` under `secret`. */
export const hmacSha256 = (secret: string, text: string, encoding: "hex" | "base64url" = "hex"): string =>
  createHmac("sha256", secret).update(text).digest(encoding);

/** Same bytes, compared in constant time (a different length answers false at once: lengths are no secret). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
