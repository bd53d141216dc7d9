import { createHash, randomBytes, randomInt } from "node:crypto";
import { OTP_LENGTH } from "@market/contract";
import { hmacSha256 } from "../../lib/crypto.ts";

/** 256 random bits, URL-safe: the bearer token and the password-reset token. */
export const newSecretToken = (): string => randomBytes(32).toString("base64url");

/** Bearer tokens are stored only as their sha256: a leaked table gives no usable token. */
export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

/** A 4-digit code from the CSPRNG. */
export const newOtpCode = (): string => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");

/**
 * Codes have only 10^4 values, so a plain hash would be reversed at once; an HMAC with the app
 * secret keeps them unreadable from a database copy. The identity is bound in too.
 */
export const otpHash = (secret: string, identity: string, code: string): string =>
  hmacSha256(secret, `${identity}\n${code}`);

/** A random, unguessable password for a guest account (shown to the client once). */
export const newGuestPassword = (): string => randomBytes(12).toString("base64url");
