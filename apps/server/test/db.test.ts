import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/index.ts";
import { dbKinds, openTestDb, type TestDb } from "./harness.ts";

// Each connection keeps its prepared statements (SQLite's statement cache, PostgreSQL's named
// statements, db/index.ts): a kept statement must answer for the values it is given now.

describe.each(dbKinds)("kept statements on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  // `k` is written into the text, so each k is a statement of its own.
  const add = async (db: Db, value: number, k: number) =>
    Number((await sql<{ n: number }>`select cast(${value} as integer) + ${sql.lit(k)} as n`.execute(db)).rows[0]?.n);

  it("answer for new values, past the number of statements a connection keeps", async () => {
    // One transaction holds one connection throughout.
    await t.dbh.db.transaction().execute(async (trx) => {
      for (let k = 0; k < 520; k++) expect(await add(trx, k, k)).toBe(2 * k);
      for (const k of [0, 499, 519]) expect(await add(trx, 1000, k)).toBe(1000 + k);
    });
  });

  it("keep working on a connection after a statement failed", async () => {
    await t.dbh.db.transaction().execute(async (trx) => {
      expect(await add(trx, 1, 7)).toBe(8);
    });
    await expect(sql`select * from no_such_table`.execute(t.dbh.db)).rejects.toThrow(/no_such_table/);
    await expect(sql`select * from no_such_table`.execute(t.dbh.db)).rejects.toThrow(/no_such_table/);
    expect(await add(t.dbh.db, 2, 7)).toBe(9);
  });
});
