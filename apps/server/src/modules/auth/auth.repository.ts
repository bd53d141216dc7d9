import { createHash } from "node:crypto";
import { AUTH_MESSAGES } from "@market/contract";
import { type Insertable, sql, type Updateable } from "kysely";
import type { Db } from "../../db/index.ts";
import { prepared } from "../../db/prepared.ts";
import type { OtpCodesTable, UsersTable } from "../../db/schema.ts";

// All SQL of accounts. Functions take `db` (or a transaction) first.

export function readSettings(db: Db, keys: string[]) {
  return db.selectFrom("settings").select(["key", "value"]).where("key", "in", keys).execute();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

/** The accounts holding any of `phones` (numbers are unique, so at most one each). */
export function findUsersByPhone(db: Db, phones: string[]) {
  return db.selectFrom("users").selectAll().where("phone", "in", phones).execute();
}

/** Whether another user than `exceptId` already holds this email / phone. */
export async function contactTaken(db: Db, field: "email" | "phone", value: string, exceptId?: number) {
  let q = db.selectFrom("users").select("id").where(field, "=", value);
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Db, row: Insertable<UsersTable>): Promise<number> {
  const { id } = await db.insertInto("users").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export function updateUser(db: Db, id: number, patch: Updateable<UsersTable>) {
  return db.updateTable("users").set(patch).where("id", "=", id).execute();
}

/** Turns a guest into a full account; answers false when it is no longer a guest (a parallel upgrade). */
export async function upgradeGuest(db: Db, id: number, patch: Updateable<UsersTable>): Promise<boolean> {
  const res = await db
    .updateTable("users")
    .set({ ...patch, is_guest: 0 })
    .where("id", "=", id)
    .where("is_guest", "=", 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---- access tokens ----

export function insertToken(db: Db, userId: number, tokenHash: string, expiresAt: string, now: string) {
  return db
    .insertInto("access_tokens")
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, created_at: now })
    .execute();
}

/** The live token with this hash joined to its user, or undefined when unknown, revoked or expired. */
export async function findLiveToken(db: Db, tokenHash: string, now: string) {
  const res = await prepared(db, "live token", { tokenHash, now }, (p) =>
    db
      .selectFrom("access_tokens as t")
      .innerJoin("users as u", "u.id", "t.user_id")
      .select([
        "t.id as token_id",
        "t.last_used_at",
        "u.id",
        "u.name",
        "u.email",
        "u.phone",
        "u.phone_code",
        "u.country",
        "u.profile_photo",
        "u.role",
        "u.is_guest",
        "u.verified_at",
        "u.last_online",
        "u.created_at",
      ])
      .where("t.token_hash", "=", p.tokenHash)
      .where("u.blocked_at", "is", null)
      .where("t.revoked_at", "is", null)
      .where("t.expires_at", ">", p.now),
  );
  return res.rows[0];
}

export function touchToken(db: Db, tokenId: number, now: string) {
  return db.updateTable("access_tokens").set({ last_used_at: now }).where("id", "=", tokenId).execute();
}

export function revokeToken(db: Db, tokenId: number, now: string) {
  return db
    .updateTable("access_tokens")
    .set({ revoked_at: now })
    .where("id", "=", tokenId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Revokes every live token of the user except `keepTokenId` (all of them when it is undefined). */
export function revokeUserTokens(db: Db, userId: number, now: string, keepTokenId?: number) {
  let q = db
    .updateTable("access_tokens")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (keepTokenId !== undefined) q = q.where("id", "!=", keepTokenId);
  return q.execute();
}

// ---- one-time codes ----

export function insertOtp(db: Db, row: Insertable<OtpCodesTable>) {
  return db.insertInto("otp_codes").values(row).execute();
}

export function latestOtp(db: Db, identity: string) {
  return db
    .selectFrom("otp_codes")
    .selectAll()
    .where("identity", "=", identity)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Sends in the window: their count and the oldest one's time (for "try again in"). */
export async function otpSendsSince(db: Db, by: "identity" | "ip", value: string, since: string) {
  const row = await db
    .selectFrom("otp_codes")
    .select((eb) => [eb.fn.countAll<string | number>().as("n"), eb.fn.min("created_at").as("oldest")])
    .where(by, "=", value)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest as string | null };
}

/** Kills the identity's unused codes, so only the newest code can ever be used. */
export function retireOtps(db: Db, identity: string, now: string) {
  return db
    .updateTable("otp_codes")
    .set({ consumed_at: now })
    .where("identity", "=", identity)
    .where("consumed_at", "is", null)
    .execute();
}

/** Counts one try atomically; false once the code has had its tries or was used meanwhile. */
export async function countOtpAttempt(db: Db, id: number, maxAttempts: number) {
  const r = await db
    .updateTable("otp_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("attempts", "<", maxAttempts)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Marks the code used; false when another request used it first. */
export async function consumeOtp(db: Db, id: number, now: string) {
  const r = await db
    .updateTable("otp_codes")
    .set({ consumed_at: now })
    .where("id", "=", id)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export function pruneOtps(db: Db, before: string) {
  return db.deleteFrom("otp_codes").where("created_at", "<", before).execute();
}

// ---- password reset tokens ----

export function insertPasswordReset(db: Db, userId: number, tokenHash: string, expiresAt: string, now: string) {
  return db
    .insertInto("password_resets")
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, created_at: now })
    .execute();
}

/** Uses a live reset token once; answers its user id, or undefined when unknown, used or expired. */
export async function consumePasswordReset(db: Db, tokenHash: string, now: string) {
  const row = await db
    .selectFrom("password_resets")
    .select(["id", "user_id"])
    .where("token_hash", "=", tokenHash)
    .where("consumed_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (!row) return undefined;
  const r = await db
    .updateTable("password_resets")
    .set({ consumed_at: now })
    .where("id", "=", row.id)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n ? row.user_id : undefined;
}

// ---- limits ----

/**
 * Takes a PostgreSQL lock per key, held until the transaction ends. Keys are locked in one
 * global order (by their 64-bit hash), so two callers sharing keys cannot deadlock.
 */
export async function lockKeys(trx: Db, keys: string[]) {
  const ids = [...new Set(keys.map((k) => createHash("sha256").update(k).digest().readBigInt64BE(0)))];
  ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const id of ids) await sql`select pg_advisory_xact_lock(${id.toString()}::bigint)`.execute(trx);
}

// ---- rate events (login throttling, guest creation) ----

export async function insertRateEvent(db: Db, key: string, now: string): Promise<number> {
  const { id } = await db
    .insertInto("rate_events")
    .values({ key, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function rateEventsSince(db: Db, key: string, since: string) {
  const row = await db
    .selectFrom("rate_events")
    .select((eb) => [
      eb.fn.countAll<string | number>().as("n"),
      eb.fn.min("created_at").as("oldest"),
      eb.fn.max("created_at").as("latest"),
    ])
    .where("key", "=", key)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest as string | null, latest: row.latest as string | null };
}

/** Deletes the key's events up to and including `upToId`; later ones (parallel attempts) stay. */
export function clearRateEvents(db: Db, key: string, upToId: number) {
  return db.deleteFrom("rate_events").where("key", "=", key).where("id", "<=", upToId).execute();
}

export function deleteRateEvent(db: Db, id: number) {
  return db.deleteFrom("rate_events").where("id", "=", id).execute();
}

export function pruneRateEvents(db: Db, before: string) {
  return db.deleteFrom("rate_events").where("created_at", "<", before).execute();
}

/** What keeps a user from deleting their account: a shop they own, an order or a return not settled. */
export async function deletionBlockers(db: Db, userId: number) {
  const [shop, order, ret] = await Promise.all([
    db.selectFrom("shops").select("id").where("user_id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("orders")
      .select("id")
      .where("user_id", "=", userId)
      .where("order_status", "not in", ["Delivered", "Cancelled"])
      .executeTakeFirst(),
    db
      .selectFrom("returns")
      .select("id")
      .where("user_id", "=", userId)
      .where("status", "in", ["Requested", "Approved", "Received"])
      .executeTakeFirst(),
  ]);
  return { ownsShop: Boolean(shop), open: Boolean(order || ret) };
}

/**
 * Erases a user's personal data and ends their sessions (run it in a transaction): the account row
 * keeps its id, as the shops' orders, chats, reviews and tickets refer to it, with no email, phone,
 * photo or password; others see it as "Deleted user" (`shownName`). What is only theirs is deleted.
 */
export async function eraseUser(db: Db, userId: number, now: string) {
  for (const table of [
    "addresses",
    "carts",
    "favorites",
    "stock_alerts",
    "notifications",
    "mail_opt_outs",
    "social_accounts",
    "shop_staff",
    "otp_codes",
    "password_resets",
    "idempotency_keys",
  ] as const) {
    await db.deleteFrom(table).where("user_id", "=", userId).execute();
  }
  await revokeUserTokens(db, userId, now);
  await db
    .updateTable("users")
    .set({
      name: AUTH_MESSAGES.deletedUser,
      email: null,
      phone: null,
      phone_code: null,
      country: null,
      profile_photo: null,
      // no password matches it: the account cannot be signed in to
      password_hash: "!",
      verified_at: null,
      locale: null,
      blocked_at: now,
      erased_at: now,
    })
    .where("id", "=", userId)
    .execute();
}
