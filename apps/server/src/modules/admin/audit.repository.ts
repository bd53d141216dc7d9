import type { Insertable } from "kysely";
import type { Db } from "../../db/index.ts";
import type { AuditLogTable } from "../../db/schema.ts";

export async function insertEntry(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto("audit_log").values(row).execute();
}
