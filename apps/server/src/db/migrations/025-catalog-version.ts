import { type Kysely, type Migration, sql } from "kysely";
import type { MigrationContext } from "./table.ts";

// `catalog_version.version` moves whenever anything a product list may show or count changes: a
// product's `shown_version` (which its own triggers move, migration 024), a product added or
// removed, a shop's status (which decides whether its products are listed) and the flash sales
// (which price lists). Lists, searches and product pages are kept by it until it moves
// (lib/http-cache.ts `versioned`, docs/decisions.md "Answers kept by the catalogue's version").

/** The writes that move the version: a table, an event (SQLite's triggers take one), a row's condition. */
const SOURCES: Array<[table: string, event: "insert" | "update" | "delete", when?: string]> = [
  ["products", "insert"],
  ["products", "delete"],
  // Not `update of`: on PostgreSQL that misses the version set by migration 024's before-trigger.
  ["products", "update", "old.shown_version <> new.shown_version"],
  ["shops", "update", "old.status <> new.status"],
  ...(["flash_sales", "flash_sale_items"] as const).flatMap((table) =>
    (["insert", "update", "delete"] as const).map((event): [string, typeof event] => [table, event]),
  ),
];

const triggerName = (table: string, i: number) => `${table}_catalog_version_${i}`;

async function upSqlite(db: Kysely<unknown>) {
  for (const [i, [table, event, when]] of SOURCES.entries()) {
    await sql
      .raw(`create trigger ${triggerName(table, i)} after ${event} on ${table}${when ? ` when ${when}` : ""}
        begin update catalog_version set version = version + 1 where id = 1; end`)
      .execute(db);
  }
}

async function upPg(db: Kysely<unknown>) {
  // Moved once per transaction, as it commits (a deferred constraint trigger): a row lock held from
  // a transaction's first product write to its end would queue every order behind every other.
  await sql
    .raw(`create or replace function catalog_version_moved() returns trigger language plpgsql as $f$
      begin
        if current_setting('app.catalog_moved', true) is distinct from txid_current()::text then
          update catalog_version set version = version + 1 where id = 1;
          perform set_config('app.catalog_moved', txid_current()::text, true);
        end if;
        return null;
      end $f$`)
    .execute(db);
  for (const [i, [table, event, when]] of SOURCES.entries()) {
    await sql
      .raw(`create constraint trigger ${triggerName(table, i)} after ${event} on ${table}
        deferrable initially deferred for each row${when ? ` when (${when})` : ""}
        execute function catalog_version_moved()`)
      .execute(db);
  }
}

export const catalogVersionMigration = ({ pg }: MigrationContext): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("catalog_version")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("version", "bigint", (c) => c.notNull())
      .execute();
    await sql`insert into catalog_version (id, version) values (1, 0)`.execute(db);
    await (pg ? upPg(db) : upSqlite(db));
  },
  async down(db: Kysely<unknown>) {
    if (pg) await sql.raw("drop function catalog_version_moved() cascade").execute(db);
    else
      for (const [i, [table]] of SOURCES.entries()) await sql.raw(`drop trigger ${triggerName(table, i)}`).execute(db);
    await db.schema.dropTable("catalog_version").execute();
  },
});
