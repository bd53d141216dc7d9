import { randomBytes } from "node:crypto";
import type {
  AuthUser,
  ChangePasswordBody,
  DeleteAccountBody,
  GuestLoginBody,
  GuestLoginData,
  GuestUpgradeBody,
  LoginBody,
  LoginData,
  ProfileUpdateBody,
  RegistrationBody,
  ResetPasswordBody,
  SendOtpBody,
  SendOtpData,
  VerifyOtpBody,
  VerifyOtpData,
} from "@market/contract";
import {
  ADMIN_MARKETPLACE_MESSAGES,
  AUTH_MESSAGES,
  asciiDigits,
  DEFAULT_LOCALE,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  PHOTO_MAX_BYTES,
} from "@market/contract";
import { fileTypeFromBuffer } from "file-type";
import type { Config } from "../../config.ts";
import { type Db, type DbHandle, writeTransaction } from "../../db/index.ts";
import { lockUser } from "../../db/queries.ts";
import type { User } from "../../db/schema.ts";
import type { AppDeps, DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { safeEqual } from "../../lib/crypto.ts";
import { AppError, notFound, tooMany, tooManyUntil } from "../../lib/errors.ts";
import { hashPassword, verifyPassword } from "../../lib/password.ts";
import {
  internationalNumber,
  nationalNumber,
  pickByPhone,
  type StoredPhone,
  signInPhones,
} from "../../lib/phone-number.ts";
import { removeUpload, saveUpload } from "../../lib/uploads.ts";
import { plainMail } from "../notifications/mail-templates.ts";
import * as repo from "./auth.repository.ts";
import { newGuestPassword, newOtpCode, newSecretToken, otpHash, sha256 } from "./tokens.ts";

export type AuthDeps = Pick<AppDeps, "dbh" | "config" | "mailer" | "sms" | "log">;

/** The signed-in user of a request (never the password hash) and the token it came with. */
/** A signed-in user (a blocked user has no live session: their tokens stop answering at once). */
export type CurrentUser = Omit<User, "password_hash" | "blocked_at" | "locale" | "erased_at"> & { token_id: number };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const TOKEN_TTL_MS = 30 * 24 * HOUR;
export const OTP_TTL_MS = 10 * MINUTE;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_MS = 60 * SECOND;
export const RESET_TTL_MS = 15 * MINUTE;
// Per-IP limits are far above per-account ones: an office or a mobile network shares one IP.
/** Codes sent to one email address or phone number per hour, and per day. */
export const OTP_SENDS_PER_HOUR = 5;
export const OTP_SENDS_PER_DAY = 10;
/**
 * Codes checked from one IP per day, across addresses, that were not right: a four-digit code
 * leaves 1 in 10,000 per guess, so guesses spread over many accounts are capped here.
 */
export const OTP_WRONG_CODES_PER_IP_PER_DAY = 50;
/** Codes sent per hour to requests from one IP, across addresses. */
export const OTP_SENDS_PER_IP_PER_HOUR = 100;
/** Password checks of one account (email and phone alike) before it locks. */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
/** Failed password checks from one IP, across accounts, before it locks. */
export const LOGIN_FAILURES_PER_IP = 200;
const LOGIN_LOCK_BASE_S = 60;
const LOGIN_LOCK_MAX_S = HOUR / SECOND;
const LOGIN_WINDOW_MS = 24 * HOUR;
export const GUESTS_PER_IP_PER_HOUR = 10;

const BAD_CREDENTIALS = "These credentials do not match our records.";

const iso = (ms: number) => new Date(ms).toISOString();
const fail = (status: number, field: string, message: string) => new AppError(status, message, { [field]: [message] });
const fields422 = (errors: Record<string, string[]>) =>
  new AppError(422, Object.values(errors)[0]?.[0] ?? "The given data was invalid.", errors);

/** Codes are keyed with the app secret: APP_SECRET, or the one generated for the data dir (config.ts). */
const secretOf = (config: Config) => config.appSecret;

// ---- mapping ----

type UserLike = Pick<
  User,
  "id" | "name" | "email" | "phone" | "phone_code" | "country" | "profile_photo" | "is_guest" | "verified_at" | "role"
>;

export function toAuthUser(u: UserLike): AuthUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    phone_code: u.phone_code,
    country: u.country,
    profile_photo: u.profile_photo,
    is_guest: u.is_guest === 1,
    is_verified: u.verified_at !== null,
    role: u.role,
  };
}

// ---- settings ----

interface AuthSettings {
  register_otp_type: "email" | "phone";
  forgot_otp_type: "email" | "phone";
  phone_min_length: number;
  phone_max_length: number;
  /** the site asks every account for a phone: one kept on an account cannot be removed */
  phone_required: boolean;
  app_name: string;
}

async function authSettings(db: Db): Promise<AuthSettings> {
  const rows = await repo.readSettings(db, [
    "register_otp_type",
    "forgot_otp_type",
    "phone_min_length",
    "phone_max_length",
    "phone_required",
    "app_name",
  ]);
  const map = new Map<string, unknown>();
  for (const r of rows) {
    try {
      map.set(r.key, JSON.parse(r.value));
    } catch {
      map.set(r.key, r.value);
    }
  }
  const channel = (v: unknown) => (v === "phone" ? "phone" : "email");
  const int = (v: unknown, d: number) => (Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : d);
  return {
    register_otp_type: channel(map.get("register_otp_type")),
    forgot_otp_type: channel(map.get("forgot_otp_type")),
    phone_min_length: int(map.get("phone_min_length"), PHONE_MIN_LENGTH),
    phone_max_length: int(map.get("phone_max_length"), PHONE_MAX_LENGTH),
    phone_required: map.get("phone_required") !== false,
    app_name: typeof map.get("app_name") === "string" ? (map.get("app_name") as string) : "Marketplace",
  };
}

// ---- identities ----

type Identity = {
  value: string;
  /** the key codes and throttles are counted under */
  key: string;
} & ({ kind: "email" } | { kind: "phone"; phones: StoredPhone[] });

/** The `phone` field of login and code calls holds an email address or a phone number. */
function parseIdentity(input: string): Identity | null {
  const v = asciiDigits(input).trim();
  if (v.includes("@")) {
    const email = v.toLowerCase();
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? { kind: "email", value: email, key: `email:${email}` } : null;
  }
  const digits = v.replace(/[\s()+-]/g, "");
  if (!/^\d{4,20}$/.test(digits)) return null;
  const phones = signInPhones(v);
  // One key for the ways of typing one number (with or without its code or trunk zero).
  const key = `phone:${(phones[0]?.phone ?? digits).replace(/^0+/, "")}`;
  return { kind: "phone", value: digits, key, phones };
}

const findByIdentity = async (db: Db, id: Identity) =>
  id.kind === "email"
    ? repo.findUserByEmail(db, id.value)
    : pickByPhone(await repo.findUsersByPhone(db, [...new Set(id.phones.map((p) => p.phone))]), id.phones);

// ---- tokens ----

export async function issueToken(deps: DbDeps, userId: number): Promise<LoginData["access"]> {
  const token = newSecretToken();
  const now = clock.ms();
  const expiresAt = iso(now + TOKEN_TTL_MS);
  await repo.insertToken(deps.dbh.db, userId, sha256(token), expiresAt, iso(now));
  return { auth_type: "Bearer", token, expires_at: expiresAt };
}

const TOUCH_EVERY_MS = 60_000;

/** The user of a bearer token, or null when it is unknown, expired or revoked. */
export async function userOfToken(deps: DbDeps, token: string): Promise<CurrentUser | null> {
  const { db } = deps.dbh;
  const row = await repo.findLiveToken(db, sha256(token), clock.iso());
  if (!row) return null;
  const { last_used_at, ...user } = row;
  // Write the last use at most once a minute, not on every request.
  if (!last_used_at || Date.parse(last_used_at) + TOUCH_EVERY_MS < clock.ms()) {
    await repo.touchToken(db, row.token_id, clock.iso());
  }
  return user;
}

// ---- throttling ----

/** Seconds until `key` may try again: after `threshold` failures, 60 s, doubling per further failure. */
async function lockSeconds(db: Db, key: string, threshold: number): Promise<number> {
  const now = clock.ms();
  const { count, latest } = await repo.rateEventsSince(db, key, iso(now - LOGIN_WINDOW_MS));
  if (count < threshold || !latest) return 0;
  const lock = Math.min(LOGIN_LOCK_BASE_S * 2 ** (count - threshold), LOGIN_LOCK_MAX_S);
  return Math.max(0, Math.ceil((Date.parse(latest) + lock * SECOND - now) / SECOND));
}

/**
 * A write transaction holding a lock per key, for a check and the write it allows. SQLite's write
 * transactions already run one at a time (BEGIN IMMEDIATE); PostgreSQL's need the locks.
 */
function lockedWrite<T>(dbh: DbHandle, keys: string[], fn: (trx: Db) => Promise<T>): Promise<T> {
  return writeTransaction(dbh, async (trx) => {
    if (dbh.pg) await repo.lockKeys(trx, keys);
    return fn(trx);
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password for an identity, throttled per account and per IP. Don't leak why the sign
 * in failed: an unknown account and a wrong password give the same answer in about the same time.
 */
async function checkCredentials(dbh: DbHandle, ip: string, input: string, password: string, guestOnly: boolean) {
  const identity = parseIdentity(input);
  const user = identity ? await findByIdentity(dbh.db, identity) : undefined;
  // An account's email and phone share one counter; an unknown identifier gets its own.
  const accountKey = user ? `login:user:${user.id}` : `login:${identity?.key ?? `input:${input.trim().toLowerCase()}`}`;
  const usable = user && (!guestOnly || user.is_guest === 1) ? user : undefined;
  const ok = await countedPasswordCheck(dbh, ip, accountKey, usable?.password_hash ?? null, password);
  if (!ok || !user) throw fail(422, "phone", BAD_CREDENTIALS);
  // Said only after the right password, so it tells nothing to someone guessing.
  if (user.blocked_at) throw new AppError(403, ADMIN_MARKETPLACE_MESSAGES.accountBlocked);
  return user;
}

/**
 * One password check under the login limits of the account key and the IP (a null hash checks a
 * dummy one, at the same cost, and fails). The attempt is counted before the password is checked,
 * in one locked step, so parallel attempts cannot get more checks than the limit; a success takes
 * it back.
 */
async function countedPasswordCheck(
  dbh: DbHandle,
  ip: string,
  accountKey: string,
  hash: string | null,
  password: string,
): Promise<boolean> {
  const { db } = dbh;
  const ipKey = `login-ip:${ip}`;
  const attempt = await lockedWrite(dbh, [accountKey, ipKey], async (trx) => {
    const wait = Math.max(
      await lockSeconds(trx, accountKey, LOGIN_FAILURES_PER_ACCOUNT),
      await lockSeconds(trx, ipKey, LOGIN_FAILURES_PER_IP),
    );
    if (wait > 0) throw tooMany("Too many login attempts.", wait);
    const now = clock.iso();
    return {
      account: await repo.insertRateEvent(trx, accountKey, now),
      ip: await repo.insertRateEvent(trx, ipKey, now),
    };
  });
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  let ok = false;
  if (hash) ok = await verifyPassword(hash, password);
  else await verifyPassword(await dummyHash, password); // same cost as a real check
  if (!ok) {
    await repo.pruneRateEvents(db, iso(clock.ms() - LOGIN_WINDOW_MS));
    return false;
  }
  await repo.clearRateEvents(db, accountKey, attempt.account);
  await repo.deleteRateEvent(db, attempt.ip);
  return true;
}

// ---- registration and login ----

/** An account's contacts as a form sends them: the phone as typed, beside its dialling code. */
export interface Contacts {
  email: string;
  phone: string | null;
  phone_code: string | null;
}

/**
 * Checks a form's contacts: the phone's length as typed (as the form checks it) against the
 * settings, and that no other account holds the email or the number. Answers the phone as it is
 * kept (`nationalNumber`), so "0501234567" and "501234567" under +966 are one number.
 */
async function checkContacts(
  db: Db,
  settings: AuthSettings,
  fields: Contacts,
  exceptId?: number,
): Promise<string | null> {
  const errors: Record<string, string[]> = {};
  const phone = fields.phone ? nationalNumber(fields.phone, fields.phone_code) : null;
  if (fields.phone && phone) {
    const { phone_min_length: min, phone_max_length: max } = settings;
    if (fields.phone.length < min || fields.phone.length > max) {
      errors.phone = [`The phone field must be between ${min} and ${max} digits.`];
    } else if (await repo.contactTaken(db, "phone", phone, exceptId)) {
      errors.phone = ["The phone has already been taken."];
    }
  }
  if (await repo.contactTaken(db, "email", fields.email, exceptId)) {
    errors.email = ["The email has already been taken."];
  }
  if (Object.keys(errors).length > 0) throw fields422(errors);
  return phone;
}

/** A unique violation lost to a concurrent request: answer as the field check would have. */
async function retryContactsAfterConflict(
  db: Db,
  settings: AuthSettings,
  fields: Contacts,
  exceptId: number | undefined,
  error: unknown,
): Promise<never> {
  await checkContacts(db, settings, fields, exceptId);
  throw error;
}

/**
 * The contact checks of registration for an account another module creates (seller signup): phone
 * length from settings, email and phone not taken. Throws the same 422 as registration; answers
 * the phone to keep.
 */
export async function checkNewContacts(deps: DbDeps, fields: Contacts): Promise<string | null> {
  const { db } = deps.dbh;
  return checkContacts(db, await authSettings(db), fields);
}

/**
 * Counts an account about to be made against its network's hourly limit
 * (`REGISTRATIONS_PER_IP_PER_HOUR`), in one locked step so that parallel sign-ups cannot all pass
 * it. Called once the form has passed its checks, so a mistyped form costs nothing.
 */
export async function countNewAccount(deps: Pick<AppDeps, "dbh" | "config">, ip: string): Promise<void> {
  const key = `register-ip:${ip}`;
  const now = clock.ms();
  await lockedWrite(deps.dbh, [key], async (trx) => {
    const recent = await repo.rateEventsSince(trx, key, iso(now - HOUR));
    if (recent.count >= deps.config.registrationsPerIpPerHour && recent.oldest) {
      throw tooManyUntil("Too many accounts were created from your network.", Date.parse(recent.oldest) + HOUR);
    }
    await repo.insertRateEvent(trx, key, iso(now));
  });
}

export async function register(deps: AuthDeps, ip: string, body: RegistrationBody): Promise<LoginData> {
  const { db } = deps.dbh;
  const settings = await authSettings(db);
  const contacts = { email: body.email, phone: body.phone, phone_code: body.phone_code };
  const phone = await checkContacts(db, settings, contacts);
  await countNewAccount(deps, ip);
  const passwordHash = await hashPassword(body.password);
  let id: number;
  try {
    id = await repo.insertUser(db, {
      name: body.name,
      email: body.email,
      phone,
      phone_code: body.phone_code,
      country: body.country,
      password_hash: passwordHash,
      created_at: clock.iso(),
    });
  } catch (e) {
    return retryContactsAfterConflict(db, settings, contacts, undefined, e);
  }
  const user = await repo.findUserById(db, id);
  if (!user) throw new Error("registered user vanished");
  // When register_otp_verify is on, the client asks /send-otp next; login is not blocked meanwhile.
  return { user: toAuthUser(user), access: await issueToken(deps, id) };
}

export async function login(deps: AuthDeps, ip: string, body: LoginBody): Promise<LoginData> {
  const user = await checkCredentials(deps.dbh, ip, body.phone, body.password, false);
  return { user: toAuthUser(user), access: await issueToken(deps, user.id) };
}

/**
 * With stored guest credentials the same guest signs in again (same account, same cart);
 * without them a new guest account is created and its password shown this once.
 */
export async function guestLogin(deps: AuthDeps, ip: string, body: GuestLoginBody): Promise<GuestLoginData> {
  const { dbh } = deps;
  const { db } = dbh;
  if (body.phone && body.password) {
    const user = await checkCredentials(dbh, ip, body.phone, body.password, true);
    const email = user.email ?? "";
    return { user: toAuthUser(user), access: await issueToken(deps, user.id), temp_id: guestTempId(email), email };
  }
  const now = clock.ms();
  const rateKey = `guest-ip:${ip}`;
  await lockedWrite(dbh, [rateKey], async (trx) => {
    const recent = await repo.rateEventsSince(trx, rateKey, iso(now - HOUR));
    if (recent.count >= GUESTS_PER_IP_PER_HOUR) {
      throw tooManyUntil(
        "Too many guest accounts were created from your network.",
        Date.parse(`${recent.oldest}`) + HOUR,
      );
    }
    await repo.insertRateEvent(trx, rateKey, iso(now));
  });
  const tempId = randomBytes(12).toString("hex");
  const email = `guest_${tempId}@guest.local`;
  const password = newGuestPassword();
  const id = await repo.insertUser(db, {
    name: AUTH_MESSAGES.guestName,
    email,
    password_hash: await hashPassword(password),
    is_guest: 1,
    created_at: iso(now),
  });
  const user = await repo.findUserById(db, id);
  if (!user) throw new Error("guest user vanished");
  return { user: toAuthUser(user), access: await issueToken(deps, id), temp_id: tempId, email, password };
}

/** The guest account these stored guest credentials sign in (throttled as a sign-in is); its id. */
export async function guestByCredentials(dbh: DbHandle, ip: string, phone: string, password: string): Promise<number> {
  return (await checkCredentials(dbh, ip, phone, password, true)).id;
}

const guestTempId = (email: string) => email.match(/^guest_([0-9a-f]+)@guest\.local$/)?.[1] ?? "";

export async function logout(deps: AuthDeps, tokenId: number): Promise<void> {
  await repo.revokeToken(deps.dbh.db, tokenId, clock.iso());
}

// ---- one-time codes ----

/** Sends a one-time code; its mail or SMS is written in `locale` (the asking page's) where mails are shipped in it. */
export async function sendOtp(deps: AuthDeps, ip: string, body: SendOtpBody, locale: string): Promise<SendOtpData> {
  const { dbh, config } = deps;
  const { db } = dbh;
  const identity = parseIdentity(body.phone);
  if (!identity) throw fail(422, "phone", "The phone field must be a valid email address or phone number.");
  const purpose = body.forgot_password ? "forgot" : "register";
  const now = clock.ms();

  const settings = await authSettings(db);
  const user = await findByIdentity(db, identity);
  const wanted = purpose === "forgot" ? settings.forgot_otp_type : settings.register_otp_type;
  const phoneTo = user?.phone ? internationalNumber(user.phone, user.phone_code) : null;
  // The channel the settings name, or the other one when the account has no such contact.
  const route =
    wanted === "email"
      ? user?.email
        ? { channel: "email" as const, to: user.email }
        : phoneTo && { channel: "phone" as const, to: phoneTo }
      : phoneTo
        ? { channel: "phone" as const, to: phoneTo }
        : user?.email && { channel: "email" as const, to: user.email };

  const code = newOtpCode();
  await repo.pruneOtps(db, iso(now - DAY));
  // The limits are counted from the rows themselves: check and insert under one lock of the
  // address and the IP, so parallel requests cannot all pass the check before any inserts.
  await lockedWrite(dbh, [`otp:${identity.key}`, `otp-ip:${ip}`], async (trx) => {
    const last = await repo.latestOtp(trx, identity.key);
    // The minute between sends follows a code that went out: a row made before the account
    // existed (never sent) does not hold back its first code. An unknown address still waits, as a
    // known one does, so the answer tells nothing.
    const heldBack = last && (last.user_id !== null || !(user && route));
    if (last && heldBack && Date.parse(last.created_at) + OTP_RESEND_MS > now) {
      throw tooManyUntil(
        "A code was sent less than a minute ago.",
        Date.parse(last.created_at) + OTP_RESEND_MS,
        "code_recently_sent",
      );
    }
    for (const [by, value, max, window] of [
      ["identity", identity.key, OTP_SENDS_PER_HOUR, HOUR],
      ["identity", identity.key, OTP_SENDS_PER_DAY, DAY],
      ["ip", ip, OTP_SENDS_PER_IP_PER_HOUR, HOUR],
    ] as const) {
      const sends = await repo.otpSendsSince(trx, by, value, iso(now - window));
      if (sends.count >= max && sends.oldest) {
        throw tooManyUntil("Too many codes were requested.", Date.parse(sends.oldest) + window);
      }
    }
    await repo.retireOtps(trx, identity.key, iso(now));
    // An unknown identity still gets a (never sent, never matching) row: the answer and the
    // limits stay the same, so this call does not tell whether an account exists.
    await repo.insertOtp(trx, {
      identity: identity.key,
      purpose,
      user_id: user && route ? user.id : null,
      ip,
      code_hash: user && route ? otpHash(secretOf(config), identity.key, code) : newSecretToken(),
      expires_at: iso(now + OTP_TTL_MS),
      created_at: iso(now),
    });
  });

  if (user && route) {
    const kind = purpose === "forgot" ? "code_reset" : "code_verify";
    const { subject, text } = plainMail(locale, kind, { app: settings.app_name, code });
    try {
      if (route.channel === "email") {
        await deps.mailer.send({ to: route.to, subject, text });
      } else {
        await deps.sms.send({ to: route.to, text });
      }
    } catch (e) {
      deps.log.error(e, "sending a one-time code failed");
      await repo.retireOtps(db, identity.key, clock.iso());
      throw new AppError(503, "The code could not be sent. Please try again later.");
    }
  }
  return { email_or_phone: identity.value, channel: route ? route.channel : wanted };
}

export async function verifyOtp(deps: AuthDeps, ip: string, body: VerifyOtpBody): Promise<VerifyOtpData> {
  const { dbh, config } = deps;
  const { db } = dbh;
  const identity = parseIdentity(body.phone);
  if (!identity) throw fail(422, "phone", "The phone field must be a valid email address or phone number.");
  const row = await repo.latestOtp(db, identity.key);
  if (!row || row.consumed_at) throw fail(422, "otp", "The code is invalid. Please request a new one.");
  if (Date.parse(row.expires_at) <= clock.ms())
    throw fail(422, "otp", "The code has expired. Please request a new one.");
  // Each try is counted before the comparison, atomically, so parallel guesses cannot exceed the
  // limits: the code's own, and the IP's across codes (a right code takes its try back).
  const ipKey = `otp-guess-ip:${ip}`;
  const ipTry = await lockedWrite(dbh, [ipKey], async (trx) => {
    const { count, oldest } = await repo.rateEventsSince(trx, ipKey, iso(clock.ms() - DAY));
    if (count >= OTP_WRONG_CODES_PER_IP_PER_DAY) {
      throw tooManyUntil("Too many wrong codes were entered from your network.", Date.parse(`${oldest}`) + DAY);
    }
    return repo.insertRateEvent(trx, ipKey, clock.iso());
  });
  if (!(await repo.countOtpAttempt(db, row.id, OTP_MAX_ATTEMPTS))) {
    throw fail(422, "otp", "Too many wrong codes. Please request a new one.");
  }
  if (!safeEqual(row.code_hash, otpHash(secretOf(config), identity.key, body.otp)) || row.user_id === null) {
    throw fail(422, "otp", "The code is incorrect.");
  }
  await repo.deleteRateEvent(db, ipTry);
  if (!(await repo.consumeOtp(db, row.id, clock.iso()))) {
    throw fail(422, "otp", "The code is invalid. Please request a new one.");
  }
  if (row.purpose === "register") {
    const user = await repo.findUserById(db, row.user_id);
    if (user && !user.verified_at) await repo.updateUser(db, user.id, { verified_at: clock.iso() });
    return { token: null };
  }
  const token = newSecretToken();
  const now = clock.ms();
  await repo.insertPasswordReset(db, row.user_id, sha256(token), iso(now + RESET_TTL_MS), iso(now));
  return { token };
}

export async function resetPassword(deps: AuthDeps, body: ResetPasswordBody): Promise<void> {
  const { db } = deps.dbh;
  const passwordHash = await hashPassword(body.password);
  await db.transaction().execute(async (trx) => {
    const userId = await repo.consumePasswordReset(trx, sha256(body.token), clock.iso());
    if (userId === undefined) throw fail(422, "token", "This password reset token is invalid or has expired.");
    await repo.updateUser(trx, userId, { password_hash: passwordHash });
    // Whoever knew the old password is signed out everywhere.
    await repo.revokeUserTokens(trx, userId, clock.iso());
  });
}

// ---- the admin console ----

/**
 * Blocks or unblocks a user (run it in the admin's transaction). A block ends every session at
 * once: its tokens are revoked (and a blocked user's tokens stop answering anyway), and login is
 * refused. Answers the user before and after, or undefined when there is no such user.
 */
export async function setUserBlocked(tx: DbDeps, userId: number, blocked: boolean) {
  const { db } = tx.dbh;
  const before = await repo.findUserById(db, userId);
  if (!before) return undefined;
  const now = clock.iso();
  await repo.updateUser(db, userId, { blocked_at: blocked ? (before.blocked_at ?? now) : null });
  if (blocked) await repo.revokeUserTokens(db, userId, now);
  const after = await repo.findUserById(db, userId);
  return after && { before, after };
}

/**
 * Sends a user the forgot-password code, exactly as "forgot password" does (same channel rules,
 * limits and reset steps): the admin's "reset password" never sees or sets the password itself.
 */
export async function sendPasswordReset(deps: AuthDeps, userId: number, ip: string): Promise<SendOtpData> {
  const user = await repo.findUserById(deps.dbh.db, userId);
  if (!user) throw notFound("User");
  const identity = user.email ?? user.phone;
  if (!identity) throw new AppError(422, ADMIN_MARKETPLACE_MESSAGES.noContact);
  return sendOtp(
    deps,
    ip,
    { phone: identity, phone_code: user.phone_code, forgot_password: true },
    user.locale ?? DEFAULT_LOCALE,
  );
}

// ---- account area ----

/**
 * The signed-in user's current password, asked before what would let a borrowed session take the
 * account over (a new password, email or phone; deleting it): checked and counted like a login.
 */
async function checkCurrentPassword(
  dbh: DbHandle,
  ip: string,
  user: { id: number; password_hash: string },
  password: string,
) {
  if (!(await countedPasswordCheck(dbh, ip, `login:user:${user.id}`, user.password_hash, password))) {
    throw fail(422, "current_password", AUTH_MESSAGES.currentPasswordWrong);
  }
}

export async function changePassword(
  deps: AuthDeps,
  userId: number,
  tokenId: number,
  ip: string,
  body: ChangePasswordBody,
) {
  const { db } = deps.dbh;
  const user = await repo.findUserById(db, userId);
  if (!user) throw new AppError(401, "Unauthenticated.");
  await checkCurrentPassword(deps.dbh, ip, user, body.current_password);
  const passwordHash = await hashPassword(body.password);
  await db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, userId, { password_hash: passwordHash });
    // Other sessions end; the one that changed the password stays signed in.
    await repo.revokeUserTokens(trx, userId, clock.iso(), tokenId);
  });
}

/**
 * The user deletes their own account, with their current password: refused (409) for an admin,
 * a shop's owner, or while one of their orders or returns is not settled; else their personal
 * data is erased and every session ends (`repo.eraseUser`), under the user's row lock so no order
 * is placed meanwhile.
 */
export async function deleteAccount(
  deps: AuthDeps,
  userId: number,
  ip: string,
  body: DeleteAccountBody,
): Promise<void> {
  const user = await repo.findUserById(deps.dbh.db, userId);
  if (!user) throw new AppError(401, "Unauthenticated.");
  await checkCurrentPassword(deps.dbh, ip, user, body.current_password);
  if (user.role === "admin") throw new AppError(409, AUTH_MESSAGES.deleteAdmin);
  await writeTransaction(deps.dbh, async (trx) => {
    await lockUser(trx, userId, deps.dbh.pg);
    const blockers = await repo.deletionBlockers(trx, userId);
    if (blockers.ownsShop) throw new AppError(409, AUTH_MESSAGES.deleteOwnsShop);
    if (blockers.open) throw new AppError(409, AUTH_MESSAGES.deleteOpen);
    await repo.eraseUser(trx, userId, clock.iso());
  });
  await removeUpload(deps.config, user.profile_photo);
}

export async function getUser(deps: AuthDeps, userId: number): Promise<AuthUser> {
  const user = await repo.findUserById(deps.dbh.db, userId);
  if (!user) throw new AppError(401, "Unauthenticated.");
  return toAuthUser(user);
}

export interface PhotoUpload {
  bytes: Buffer;
  truncated: boolean;
}

const PHOTO_EXT: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

export async function updateProfile(
  deps: AuthDeps,
  userId: number,
  ip: string,
  body: ProfileUpdateBody,
  photo: PhotoUpload | null,
): Promise<AuthUser> {
  const { config } = deps;
  const { db } = deps.dbh;
  let ext: string | undefined;
  if (photo) {
    if (photo.truncated || photo.bytes.length > PHOTO_MAX_BYTES) {
      throw fail(422, "profile_photo", "The profile photo must not be greater than 2048 kilobytes.");
    }
    // The content decides, not the name or the declared type.
    const type = await fileTypeFromBuffer(photo.bytes);
    ext = type ? PHOTO_EXT[type.mime] : undefined;
    if (!ext) throw fail(422, "profile_photo", "The profile photo must be a file of type: jpg, png, webp.");
  }
  const before = await repo.findUserById(db, userId);
  if (!before) throw new AppError(401, "Unauthenticated.");
  const settings = await authSettings(db);
  // An account without a phone (a social sign-in) may save its profile without one; one with a
  // phone keeps one while the site asks for it.
  if (settings.phone_required && before.phone && !body.phone) throw fail(422, "phone", "The phone field is required.");
  const contacts = { email: body.email, phone: body.phone, phone_code: body.phone_code ?? before.phone_code };
  // The email and the phone are where codes and password resets go: changing either takes the
  // current password, so a borrowed session cannot take the account over.
  const emailChanged = body.email !== (before.email ?? "").toLowerCase();
  const phoneChanged =
    (contacts.phone ? nationalNumber(contacts.phone, contacts.phone_code) : null) !== before.phone ||
    (!!before.phone && contacts.phone_code !== before.phone_code);
  if (emailChanged || phoneChanged) {
    if (!body.current_password) throw fail(422, "current_password", AUTH_MESSAGES.currentPasswordRequired);
    await checkCurrentPassword(deps.dbh, ip, before, body.current_password);
  }
  const phone = await checkContacts(db, settings, contacts, userId);
  const profilePhoto = photo && ext ? await saveUpload(config, "profile", ext, photo.bytes) : before.profile_photo;
  const patch = {
    name: body.name,
    email: body.email,
    phone,
    ...(body.phone_code !== null && { phone_code: body.phone_code }),
    ...(body.country !== null && { country: body.country }),
    profile_photo: profilePhoto,
    // A verification by email was of the old address: the new one is verified afresh.
    ...(emailChanged && settings.register_otp_type === "email" && { verified_at: null }),
  };
  try {
    await repo.updateUser(db, userId, patch);
  } catch (e) {
    if (profilePhoto !== before.profile_photo) await removeUpload(config, profilePhoto);
    return retryContactsAfterConflict(db, settings, contacts, userId, e);
  }
  if (profilePhoto !== before.profile_photo) await removeUpload(config, before.profile_photo);
  // A guest's made-up address (guest_…@guest.local) reaches nobody.
  if (emailChanged && before.email && before.is_guest !== 1) {
    await tellOldEmail(deps, before.email, body.email, before.locale, settings.app_name);
  }
  return getUser(deps, userId);
}

/**
 * Tells the address an account had that its email changed, so its owner hears of a change they did
 * not make (sign-in codes and resets go to the new one now). The change stands if the mail fails.
 */
async function tellOldEmail(deps: AuthDeps, to: string, email: string, locale: string | null, app: string) {
  try {
    await deps.mailer.send({ to, ...plainMail(locale, "email_changed", { app, email }) });
  } catch (e) {
    deps.log.error(e, "telling the old address of an email change failed");
  }
}

/**
 * Turns the signed-in guest into a full account: name, email (and phone), and a password of its
 * own. The account keeps its id, so its orders, cart, addresses and favourites stay; the guest
 * credentials stop working (new password, no longer a guest) and other sessions end. When the site
 * verifies accounts, the client asks for the code next, as after registration.
 */
export async function upgradeGuest(
  deps: AuthDeps,
  me: { id: number; token_id: number },
  body: GuestUpgradeBody,
): Promise<AuthUser> {
  const { dbh } = deps;
  const { db } = dbh;
  const before = await repo.findUserById(db, me.id);
  if (!before) throw new AppError(401, "Unauthenticated.");
  if (before.is_guest !== 1) throw new AppError(409, AUTH_MESSAGES.notGuest);
  const settings = await authSettings(db);
  const contacts = { email: body.email, phone: body.phone, phone_code: body.phone_code };
  const phone = await checkContacts(db, settings, contacts, me.id);
  const passwordHash = await hashPassword(body.password);
  let upgraded: boolean;
  try {
    upgraded = await writeTransaction(dbh, async (trx) => {
      const done = await repo.upgradeGuest(trx, me.id, {
        name: body.name,
        email: body.email,
        phone,
        phone_code: body.phone_code,
        country: body.country,
        password_hash: passwordHash,
        verified_at: null,
      });
      if (done) await repo.revokeUserTokens(trx, me.id, clock.iso(), me.token_id);
      return done;
    });
  } catch (e) {
    return retryContactsAfterConflict(db, settings, contacts, me.id, e);
  }
  if (!upgraded) throw new AppError(409, AUTH_MESSAGES.notGuest);
  return getUser(deps, me.id);
}
