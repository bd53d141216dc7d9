import type { Migration, MigrationProvider } from "kysely";
import { catalogMigration } from "./001-catalog.ts";

export interface MigrationContext {
  pg: boolean;
}

// Migrations are plain functions of the dialect, so one list serves SQLite and PostgreSQL.
// Later modules append theirs here, in order.
const all: Array<[string, (ctx: MigrationContext) => Migration]> = [["001-catalog", catalogMigration]];

export function migrationProvider(ctx: MigrationContext): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(all.map(([name, make]) => [name, make(ctx)]));
    },
  };
}
