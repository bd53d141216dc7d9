import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { MigrationContext } from "./table.ts";

// When an account was erased at its owner's request: its name is then shown as "Deleted user" in
// the reader's language. Accounts erased before this column have no password ("!").
export function erasedUsersMigration(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("users").addColumn("erased_at", "varchar(30)").execute();
      await sql`update users set erased_at = blocked_at where password_hash = '!'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("users").dropColumn("erased_at").execute();
    },
  };
}
