import type { OutboxStatus } from "@market/contract";
import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/index.ts";
import { contains, countRows } from "../../db/queries.ts";
import type { OutboxTable } from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

export async function insertOutbox(db: Db, row: Insertable<OutboxTable>): Promise<number> {
  const { id } = await db.insertInto("outbox").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export function outboxRow(db: Db, id: number) {
  return db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
}

export function markOutbox(db: Db, id: number, set: Updateable<OutboxTable>) {
  return db.updateTable("outbox").set(set).where("id", "=", id).execute();
}

export function latestOutbox(db: Db, limit: number) {
  return db.selectFrom("outbox").selectAll().orderBy("id", "desc").limit(limit).execute();
}

/** A page of the outbox, newest first, with the number of messages per status. */
export async function outboxPage(
  db: Db,
  f: { status?: OutboxStatus | undefined; search?: string | undefined },
  page: PageWindow,
) {
  let q = db.selectFrom("outbox");
  if (f.search) {
    const s = f.search;
    q = q.where((eb) => eb.or([contains("recipient", s), contains("subject", s)]));
  }
  const filtered = f.status ? q.where("status", "=", f.status) : q;
  const [rows, total, counts] = await Promise.all([
    filtered
      .select(["id", "channel", "recipient", "subject", "status", "attempts", "last_error", "created_at", "sent_at"])
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(filtered),
    q
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute(),
  ]);
  return { rows, total, counts };
}

/** Puts a failed message back in the queue; answers whether it was failed. */
export async function requeueFailed(db: Db, id: number): Promise<boolean> {
  const res = await db
    .updateTable("outbox")
    .set({ status: "queued", last_error: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
