import type { Kysely } from "kysely";
import type { MigrationContext } from "./table.ts";

// A guest's order keeps how to reach the buyer (the email or phone given at checkout): a guest
// account's own email is a made-up sign-in name, so the seller and the order mail need this one.
export function guestContactMigration(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("orders").addColumn("contact_email", "varchar(254)").execute();
      await db.schema.alterTable("orders").addColumn("contact_phone", "varchar(24)").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("orders").dropColumn("contact_email").execute();
      await db.schema.alterTable("orders").dropColumn("contact_phone").execute();
    },
  };
}
