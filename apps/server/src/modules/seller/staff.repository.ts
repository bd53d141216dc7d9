import type { ShopRole } from "@market/contract";
import type { ExpressionBuilder, Insertable } from "kysely";
import type { Db } from "../../db/index.ts";
import { countRows } from "../../db/queries.ts";
import type { Database, ShopInvitesTable, UsersTable } from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

// All SQL of a shop's staff and invitations. Every query of the Seller Centre is scoped by the
// shop id, so another shop's member or invitation is simply not found.

function members(db: Db, shopId: number) {
  return db
    .selectFrom("shop_staff as st")
    .innerJoin("users as u", "u.id", "st.user_id")
    .select(["st.id", "st.user_id", "st.role", "st.created_at", "u.name", "u.email"])
    .where("st.shop_id", "=", shopId);
}
export type MemberRow = NonNullable<Awaited<ReturnType<typeof staffMember>>>;

export async function staffPage(db: Db, shopId: number, page: PageWindow) {
  const [rows, total] = await Promise.all([
    members(db, shopId).orderBy("st.created_at").orderBy("st.id").limit(page.limit).offset(page.offset).execute(),
    countRows(db.selectFrom("shop_staff").where("shop_id", "=", shopId)),
  ]);
  return { rows, total };
}

export const staffMember = (db: Db, shopId: number, id: number) =>
  members(db, shopId).where("st.id", "=", id).executeTakeFirst();

export async function updateStaffRole(db: Db, shopId: number, id: number, role: ShopRole): Promise<boolean> {
  const r = await db
    .updateTable("shop_staff")
    .set({ role })
    .where("id", "=", id)
    .where("shop_id", "=", shopId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The member's user id, or undefined when the shop has no such member. */
export async function deleteStaff(db: Db, shopId: number, id: number): Promise<number | undefined> {
  const r = await db
    .deleteFrom("shop_staff")
    .where("id", "=", id)
    .where("shop_id", "=", shopId)
    .returning("user_id")
    .executeTakeFirst();
  return r?.user_id;
}

/** The condition that the user owns a shop or works for one. */
const ownsOrWorksInAShop = (eb: ExpressionBuilder<Database, "users">, userId: number) =>
  eb.or([
    eb.exists(eb.selectFrom("shops").select("id").where("user_id", "=", userId)),
    eb.exists(eb.selectFrom("shop_staff").select("id").where("user_id", "=", userId)),
  ]);

/** Makes a seller without a shop of their own or a place on a shop's staff a shopper again. */
export async function demoteIfShopless(db: Db, userId: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ role: "customer" })
    .where("id", "=", userId)
    .where("role", "=", "seller")
    .where((eb) => eb.not(ownsOrWorksInAShop(eb, userId)))
    .execute();
}

/** Whether `email` is the shop's owner or already one of its staff. */
export async function worksInShop(db: Db, shopId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("users as u")
    .select("u.id")
    .where("u.email", "=", email)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb.selectFrom("shops as s").select("s.id").whereRef("s.user_id", "=", "u.id").where("s.id", "=", shopId),
        ),
        eb.exists(
          eb
            .selectFrom("shop_staff as st")
            .select("st.id")
            .whereRef("st.user_id", "=", "u.id")
            .where("st.shop_id", "=", shopId),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

// ---- invitations ----

const inviteColumns = ["id", "email", "role", "expires_at", "created_at"] as const;

/** The shop's invitations not yet accepted (expired ones too, so they can be sent again), newest first. */
export async function invitePage(db: Db, shopId: number, page: PageWindow) {
  const pending = db.selectFrom("shop_invites").where("shop_id", "=", shopId).where("accepted_at", "is", null);
  const [rows, total] = await Promise.all([
    pending
      .select(inviteColumns)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(pending),
  ]);
  return { rows, total };
}

export const pendingInvite = (db: Db, shopId: number, id: number) =>
  db
    .selectFrom("shop_invites")
    .select(inviteColumns)
    .where("id", "=", id)
    .where("shop_id", "=", shopId)
    .where("accepted_at", "is", null)
    .executeTakeFirst();
export type InviteRow = NonNullable<Awaited<ReturnType<typeof pendingInvite>>>;

/** Drops the shop's earlier pending invitations of `email`: a new one replaces them. */
export async function deletePendingInvites(db: Db, shopId: number, email: string): Promise<void> {
  await db
    .deleteFrom("shop_invites")
    .where("shop_id", "=", shopId)
    .where("email", "=", email)
    .where("accepted_at", "is", null)
    .execute();
}

export async function insertInvite(db: Db, row: Insertable<ShopInvitesTable>): Promise<number> {
  const r = await db.insertInto("shop_invites").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}

/** A new token and expiry for a pending invitation; false when it is not the shop's or was accepted. */
export async function renewInvite(db: Db, shopId: number, id: number, tokenHash: string, expiresAt: string) {
  const r = await db
    .updateTable("shop_invites")
    .set({ token_hash: tokenHash, expires_at: expiresAt })
    .where("id", "=", id)
    .where("shop_id", "=", shopId)
    .where("accepted_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteInvite(db: Db, shopId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom("shop_invites")
    .where("id", "=", id)
    .where("shop_id", "=", shopId)
    .where("accepted_at", "is", null)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export const shopName = (db: Db, shopId: number) =>
  db.selectFrom("shops").select(["id", "name", "logo"]).where("id", "=", shopId).executeTakeFirst();

/** The invitation behind a link's token (by its hash), with its shop. */
export const inviteByHash = (db: Db, tokenHash: string) =>
  db
    .selectFrom("shop_invites as i")
    .innerJoin("shops as s", "s.id", "i.shop_id")
    .select([
      "i.id",
      "i.shop_id",
      "i.email",
      "i.role",
      "i.expires_at",
      "i.accepted_at",
      "s.name as shop_name",
      "s.logo as shop_logo",
    ])
    .where("i.token_hash", "=", tokenHash)
    .executeTakeFirst();

/** Marks an invitation used, once and only while it is valid; false when another request was first. */
export async function claimInvite(db: Db, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable("shop_invites")
    .set({ accepted_at: now })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- accounts ----

export const userByEmail = (db: Db, email: string) =>
  db.selectFrom("users").select(["id", "role", "is_guest"]).where("email", "=", email).executeTakeFirst();

/** Whether the user owns a shop or already works for one. */
export async function hasShop(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("id", "=", userId)
    .where((eb) => ownsOrWorksInAShop(eb, userId))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Db, row: Insertable<UsersTable>): Promise<number> {
  const r = await db.insertInto("users").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function makeSeller(db: Db, userId: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ role: "seller" })
    .where("id", "=", userId)
    .where("role", "=", "customer")
    .execute();
}

export async function insertStaff(
  db: Db,
  row: { shop_id: number; user_id: number; role: ShopRole; created_at: string },
) {
  await db.insertInto("shop_staff").values(row).execute();
}
