import type { Insertable } from "kysely";
import type { Db } from "../../db/index.ts";
import type { OutboxTable } from "../../db/schema.ts";

export function insertOutbox(db: Db, row: Insertable<OutboxTable>) {
  return db.insertInto("outbox").values(row).execute();
}

export function latestOutbox(db: Db, limit: number) {
  return db.selectFrom("outbox").selectAll().orderBy("id", "desc").limit(limit).execute();
}
