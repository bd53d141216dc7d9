import type { ShopStatus } from "@market/contract";
import { type Insertable, type Kysely, sql } from "kysely";
import { contains, countRows } from "../../db/queries.ts";
import type { Database, ShopsTable, UsersTable } from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

// All seller-signup SQL: new seller accounts with their pending shops, and the admin's review.
type Q = Kysely<Database>;

/** Whether a shop (other than `exceptId`) already has this name (any letter case) or this slug. */
export async function shopNameTaken(db: Q, name: string, slug: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom("shops")
    .select("id")
    .where((eb) => eb.or([eb(sql`lower(name)`, "=", name.toLowerCase()), eb("slug", "=", slug)]));
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  const row = await q.executeTakeFirst();
  return row !== undefined;
}

/** The shop a user owns, with its status and the reason of a rejection or suspension. */
export function shopOfOwner(db: Q, userId: number) {
  return db
    .selectFrom("shops")
    .select(["id", "status", "status_reason"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** The shop a staff member works for, and their role there. */
export function staffShopOf(db: Q, userId: number) {
  return db
    .selectFrom("shop_staff as st")
    .innerJoin("shops as s", "s.id", "st.shop_id")
    .select(["s.id", "s.status", "s.status_reason", "st.role"])
    .where("st.user_id", "=", userId)
    .executeTakeFirst();
}

export async function insertUser(db: Q, row: Insertable<UsersTable>): Promise<number> {
  const r = await db.insertInto("users").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function insertShop(db: Q, row: Insertable<ShopsTable>): Promise<number> {
  const r = await db.insertInto("shops").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}

function shopsWithOwners(db: Q) {
  return db
    .selectFrom("shops as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select([
      "s.id",
      "s.name",
      "s.logo",
      "s.status",
      "s.status_reason",
      "s.commission_bp",
      "s.created_at",
      "u.id as owner_id",
      "u.name as owner_name",
      "u.email as owner_email",
      "u.phone as owner_phone",
      "u.phone_code as owner_phone_code",
      "u.locale as owner_locale",
    ]);
}
export type ShopRow = NonNullable<Awaited<ReturnType<typeof shopById>>>;

/** A page of shops with their owners, newest first; `search` matches the shop's or owner's name or the owner's email. */
export async function shopPage(db: Q, status: ShopStatus | undefined, search: string | undefined, page: PageWindow) {
  let rows = shopsWithOwners(db);
  let count = db.selectFrom("shops as s").innerJoin("users as u", "u.id", "s.user_id");
  if (status !== undefined) {
    rows = rows.where("s.status", "=", status);
    count = count.where("s.status", "=", status);
  }
  if (search !== undefined) {
    const match = sql<boolean>`(${contains("s.name", search)} or ${contains("u.name", search)} or ${contains("u.email", search)})`;
    rows = rows.where(match);
    count = count.where(match);
  }
  const [data, total] = await Promise.all([
    rows.orderBy("s.created_at", "desc").orderBy("s.id", "desc").limit(page.limit).offset(page.offset).execute(),
    countRows(count),
  ]);
  return { rows: data, total };
}

export const shopById = (db: Q, id: number) => shopsWithOwners(db).where("s.id", "=", id).executeTakeFirst();

/**
 * Moves a shop from one of `from` to `status` in one step (a parallel action cannot pass the same
 * check); answers false when the shop's status was not one of them.
 */
export async function setShopStatus(
  db: Q,
  id: number,
  from: readonly ShopStatus[],
  status: ShopStatus,
  reason: string | null,
): Promise<boolean> {
  const r = await db
    .updateTable("shops")
    .set({ status, status_reason: reason })
    .where("id", "=", id)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setCommission(db: Q, id: number, commissionBp: number): Promise<void> {
  await db.updateTable("shops").set({ commission_bp: commissionBp }).where("id", "=", id).execute();
}
