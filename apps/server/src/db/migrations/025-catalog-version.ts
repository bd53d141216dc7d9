import { type Kysely, type Migration, sql } from "kysely";
import type { MigrationContext } from "./table.ts";

// `catalog_version.version` moves whenever anything a product list may show or count changes: a
// product's `shown_version` (which its own triggers move, migration 024), a product added or
// removed, a shop's status (which decides whether its products are listed) and the flash sales
// (which price lists). Lists, searches and product pages are kept by it until it moves
// (lib/http-cache.ts `versioned`, docs/decisions.md "Answers kept by the catalogue's version").

/** A write that moves the version: a table, an event (SQLite's triggers take one), a row's condition. */
export type VersionSource = [table: string, event: "insert" | "update" | "delete", when?: string];

/** Every insert, update and delete of each of `tables`. */
export const everyWriteOf = (...tables: string[]): VersionSource[] =>
  tables.flatMap((table) => (["insert", "update", "delete"] as const).map((event): VersionSource => [table, event]));

const SOURCES: VersionSource[] = [
  ["products", "insert"],
  ["products", "delete"],
  // Not `update of`: on PostgreSQL that misses the version set by migration 024's before-trigger.
  ["products", "update", "old.shown_version <> new.shown_version"],
  ["shops", "update", "old.status <> new.status"],
  ...everyWriteOf("flash_sales", "flash_sale_items"),
];

/**
 * Triggers that move the version on each of `sources`, named by `tag` and their place in the list
 * (`catalog_version_moved()`, made below, must exist on PostgreSQL).
 */
export function versionTriggers(pg: boolean, tag: string, sources: VersionSource[]): Required<Migration> {
  const name = (table: string, i: number) => `${table}_${tag}_${i}`;
  return {
    async up(db: Kysely<unknown>) {
      for (const [i, [table, event, when]] of sources.entries()) {
        // On PostgreSQL moved once per transaction, as it commits (a deferred constraint trigger): a
        // row lock held from a transaction's first product write to its end would queue every order
        // behind every other. SQLite serialises writes anyway.
        const create = pg
          ? `create constraint trigger ${name(table, i)} after ${event} on ${table}
              deferrable initially deferred for each row${when ? ` when (${when})` : ""}
              execute function catalog_version_moved()`
          : `create trigger ${name(table, i)} after ${event} on ${table}${when ? ` when ${when}` : ""}
              begin update catalog_version set version = version + 1 where id = 1; end`;
        await sql.raw(create).execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const [i, [table]] of sources.entries())
        await sql.raw(`drop trigger ${name(table, i)}${pg ? ` on ${table}` : ""}`).execute(db);
    },
  };
}

export const catalogVersionMigration = ({ pg }: MigrationContext): Migration => {
  const triggers = versionTriggers(pg, "catalog_version", SOURCES);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("catalog_version")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("version", "bigint", (c) => c.notNull())
        .execute();
      await sql`insert into catalog_version (id, version) values (1, 0)`.execute(db);
      if (pg)
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
      await triggers.up(db);
    },
    async down(db: Kysely<unknown>) {
      if (pg) await sql.raw("drop function catalog_version_moved() cascade").execute(db);
      else await triggers.down(db);
      await db.schema.dropTable("catalog_version").execute();
    },
  };
};
