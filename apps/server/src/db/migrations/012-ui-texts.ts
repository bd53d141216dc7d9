import { type Kysely, sql } from "kysely";

// Interface texts are read from the shipped locale files, with the `translations` table holding
// only what the admin console sets. Databases seeded before copied every file text into the table,
// where they would hide later changes to the files; no console edit existed then, so all go.
export function uiTextsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`delete from translations`.execute(db);
    },
    async down() {},
  };
}
