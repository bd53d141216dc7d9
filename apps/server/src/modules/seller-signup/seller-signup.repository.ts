import type { ShopStatus } from "@market/contract";
import { type Insertable, type Kysely, sql } from "kysely";
import { countRows } from "../../db/queries.ts";
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

/** The shop a user owns, with its status. */
export function shopOfOwner(db: Q, userId: number) {
  return db.selectFrom("shops").select(["id", "status"]).where("user_id", "=", userId).executeTakeFirst();
}

/** The shop a staff member works for, and their role there. */
export function staffShopOf(db: Q, userId: number) {
  return db
    .selectFrom("shop_staff as st")
    .innerJoin("shops as s", "s.id", "st.shop_id")
    .select(["s.id", "s.status", "st.role"])
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
      "s.created_at",
      "u.id as owner_id",
      "u.name as owner_name",
      "u.email as owner_email",
      "u.phone as owner_phone",
      "u.phone_code as owner_phone_code",
    ]);
}
export type ShopRow = NonNullable<Awaited<ReturnType<typeof shopById>>>;

/** A page of shops with their owners, newest first. */
export async function shopPage(db: Q, status: ShopStatus | undefined, page: PageWindow) {
  let rows = shopsWithOwners(db);
  let count = db.selectFrom("shops");
  if (status !== undefined) {
    rows = rows.where("s.status", "=", status);
    count = count.where("status", "=", status);
  }
  const [data, total] = await Promise.all([
    rows.orderBy("s.created_at", "desc").orderBy("s.id", "desc").limit(page.limit).offset(page.offset).execute(),
    countRows(count),
  ]);
  return { rows: data, total };
}

export const shopById = (db: Q, id: number) => shopsWithOwners(db).where("s.id", "=", id).executeTakeFirst();

/** Approves a pending shop; answers false when it was not pending (already approved). */
export async function approveShop(db: Q, id: number): Promise<boolean> {
  const r = await db
    .updateTable("shops")
    .set({ status: "active" })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
