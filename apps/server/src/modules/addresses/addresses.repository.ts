import type { Insertable, Kysely, Updateable } from "kysely";
import { countRows } from "../../db/queries.ts";
import type { AddressesTable, Database } from "../../db/schema.ts";

// All address SQL. Functions take the Kysely instance or a transaction first.
type Q = Kysely<Database>;

/** The user's addresses, the default first, then the newest. */
export function listAddresses(db: Q, userId: number) {
  return db
    .selectFrom("addresses")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("is_default", "desc")
    .orderBy("id", "desc")
    .execute();
}
export type AddressRow = Awaited<ReturnType<typeof listAddresses>>[number];

export function addressOf(db: Q, userId: number, id: number) {
  return db.selectFrom("addresses").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

export function countAddresses(db: Q, userId: number) {
  return countRows(db.selectFrom("addresses").where("user_id", "=", userId));
}

export function insertAddress(db: Q, row: Insertable<AddressesTable>) {
  return db
    .insertInto("addresses")
    .values(row)
    .returning("id")
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.id));
}

export function updateAddress(db: Q, id: number, set: Updateable<AddressesTable>) {
  return db.updateTable("addresses").set(set).where("id", "=", id).execute();
}

export function clearDefault(db: Q, userId: number) {
  return db
    .updateTable("addresses")
    .set({ is_default: 0 })
    .where("user_id", "=", userId)
    .where("is_default", "=", 1)
    .execute();
}

export function deleteAddress(db: Q, id: number) {
  return db.deleteFrom("addresses").where("id", "=", id).execute();
}

/** The newest remaining address, which becomes the default when the default is deleted. */
export function newestAddress(db: Q, userId: number) {
  return db.selectFrom("addresses").select("id").where("user_id", "=", userId).orderBy("id", "desc").executeTakeFirst();
}
