import type { Kysely } from "kysely";
import type { MigrationContext } from "./table.ts";

// An order's parcel as its shop gives it: the carrier, the tracking number and the carrier's
// tracking page, shown on the shopper's order and in the "on its way" mail.
const COLUMNS = [
  ["shipment_carrier", "varchar(60)"],
  ["shipment_tracking_number", "varchar(60)"],
  ["shipment_tracking_url", "varchar(500)"],
] as const;

export function shipmentMigration(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, type] of COLUMNS) await db.schema.alterTable("orders").addColumn(name, type).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of COLUMNS) await db.schema.alterTable("orders").dropColumn(name).execute();
    },
  };
}
