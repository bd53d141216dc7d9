import type { Kysely } from "kysely";

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
