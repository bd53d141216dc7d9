// `npm run db:reset`: throws the database away, migrates a fresh one and seeds the demo marketplace.
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { ConfigError, loadConfig } from "../config.ts";
import { migrate, openDb } from "./index.ts";
import { seedDemo } from "./seed/index.ts";

async function reset() {
  const config = loadConfig();
  // The same file main.ts opens.
  const sqliteFile = path.join(config.dataDir, "marketplace.db");
  if (config.DATABASE_URL) {
    const dbh = openDb({ databaseUrl: config.DATABASE_URL });
    const tables = await sql<{ tablename: string }>`
      select tablename from pg_tables where schemaname = current_schema()`.execute(dbh.db);
    for (const { tablename } of tables.rows) {
      await sql`drop table if exists ${sql.id(tablename)} cascade`.execute(dbh.db);
    }
    // The migrations' trigger functions (024, 025), which the next migrate makes again.
    const functions = await sql<{ signature: string }>`
      select p.oid::regprocedure::text as signature from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema()`.execute(dbh.db);
    for (const { signature } of functions.rows) {
      await sql`drop function if exists ${sql.raw(signature)} cascade`.execute(dbh.db);
    }
    await dbh.db.destroy();
  } else {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${sqliteFile}${suffix}`, { force: true });
  }

  const dbh = openDb({ databaseUrl: config.DATABASE_URL, sqliteFile });
  const started = performance.now();
  await migrate(dbh);
  await seedDemo(dbh);
  await dbh.db.destroy();
  const where = config.DATABASE_URL ? "PostgreSQL" : sqliteFile;
  console.log(`Database reset: ${where} migrated and seeded in ${Math.round(performance.now() - started)} ms`);
}

reset().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
