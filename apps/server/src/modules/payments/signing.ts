import crypto from "node:crypto";

// HMAC capabilities: a link that carries its signature opens without a bearer token (payment
// pages, the signed callback of the test gateway, invoices), and cannot be forged or re-aimed.

export function sign(secret: string, ...parts: (string | number)[]): string {
  return crypto.createHmac("sha256", secret).update(parts.join(":")).digest("base64url");
}

export function verify(secret: string, signature: unknown, ...parts: (string | number)[]): boolean {
  if (typeof signature !== "string" || signature.length > 100) return false;
  const expected = Buffer.from(sign(secret, ...parts));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
