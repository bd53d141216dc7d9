import { type Kysely, type Migration, sql } from "kysely";

export interface MigrationContext {
  pg: boolean;
}

/** `create table <name>` with an auto-increment integer primary key `id`, on either engine. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types
export function createTableWithId(db: Kysely<any>, { pg }: MigrationContext, name: string) {
  return db.schema
    .createTable(name)
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));
}

/** A migration that adds `indexes` (name, table, columns); a column may give its order (`"rating desc"`). */
export function indexesMigration(indexes: Array<[name: string, table: string, columns: string[]]>): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, table, columns] of indexes)
        await db.schema.createIndex(name).on(table).columns(columns).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of indexes) await db.schema.dropIndex(name).execute();
    },
  };
}

/**
 * `migration`, then on SQLite an ANALYZE of `table` where one was run before: SQLite keeps planner
 * statistics only after an ANALYZE, and a planner that knows every index of a table but a new one
 * chooses worse plans.
 */
export function keepingStatistics(table: string, migration: Migration) {
  return ({ pg }: MigrationContext): Migration => ({
    ...migration,
    async up(db: Kysely<unknown>) {
      await migration.up(db);
      if (pg) return;
      const { rows } = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
      if (rows.length > 0) await sql`analyze ${sql.table(table)}`.execute(db);
    },
  });
}
