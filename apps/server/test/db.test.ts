import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb, writeTransaction } from "../src/db/index.ts";
import { migrationProvider } from "../src/db/migrations/index.ts";
import { prepared } from "../src/db/prepared.ts";
import { seedDemo } from "../src/db/seed/index.ts";
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

// SQLite has one connection (FairSqliteDriver, db/index.ts): a query asked while a transaction holds
// it waits for the commit, and the waiting queries get it in the order they asked.
// A hot query is built and compiled once per key (db/prepared.ts); each run binds its own values.
describe.each(dbKinds)("prepared queries on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
    await t.dbh.db
      .insertInto("countries")
      .values([
        { code: "XA", name: "Alpha", phone_code: "+901" },
        { code: "XB", name: "Beta", phone_code: "+902" },
        { code: "XC", name: "Gamma", phone_code: "+903" },
      ])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const named = async (db: Db, codes: string[], above: string) =>
    (
      await prepared(db, "test countries named", { codes, above }, (p) =>
        db
          .selectFrom("countries")
          .select("name")
          .where("code", "in", p.codes)
          .where("name", ">", p.above)
          .orderBy("name"),
      )
    ).rows.map((r) => r.name);

  it("answer each run for its own values, lists of any length included", async () => {
    expect(await named(t.dbh.db, ["XA", "XB"], "")).toEqual(["Alpha", "Beta"]);
    expect(await named(t.dbh.db, ["XA", "XB"], "Alpha")).toEqual(["Beta"]);
    expect(await named(t.dbh.db, ["XC"], "")).toEqual(["Gamma"]);
    expect(await named(t.dbh.db, ["XA", "XB", "XC"], "B")).toEqual(["Beta", "Gamma"]);
    // inside a transaction too
    await t.dbh.db.transaction().execute(async (trx) => {
      expect(await named(trx, ["XB", "XC"], "")).toEqual(["Beta", "Gamma"]);
    });
  });

  it("keep a query apart for each set of values left out (an optional filter)", async () => {
    const codes = (db: Db, above: string | undefined) =>
      prepared(db, "test countries above", { prefix: "X", above }, (p) => {
        let q = db.selectFrom("countries").select("name").where("code", "like", sql<string>`${p.prefix} || '%'`);
        if (above !== undefined) q = q.where("name", ">", p.above);
        return q.orderBy("name");
      });
    expect((await codes(t.dbh.db, "Beta")).rows.map((r) => r.name)).toEqual(["Gamma"]);
    expect((await codes(t.dbh.db, undefined)).rows.map((r) => r.name)).toEqual(["Alpha", "Beta", "Gamma"]);
    expect((await codes(t.dbh.db, "Alpha")).rows.map((r) => r.name)).toEqual(["Beta", "Gamma"]);
  });

  it("fail under the tests when the SQL depends on something the key leaves out", async () => {
    const byName = (db: Db, descending: boolean) =>
      prepared(db, "test countries by name", { prefix: "X" }, (p) =>
        db
          .selectFrom("countries")
          .select("name")
          .where("code", "like", sql<string>`${p.prefix} || '%'`)
          .orderBy("name", descending ? "desc" : "asc"),
      );
    expect((await byName(t.dbh.db, false)).rows.map((r) => r.name)).toEqual(["Alpha", "Beta", "Gamma"]);
    await expect(byName(t.dbh.db, true)).rejects.toThrow(/depends on more than its key/);
  });
});

describe("the SQLite connection", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is lent to the queries waiting for a transaction after its commit, in the order they asked", async () => {
    const { db } = t.dbh;
    await sql`create table queued (n integer)`.execute(db);
    const order: number[] = [];
    let waiting: Promise<number>[] = [];
    await writeTransaction(t.dbh, async (trx) => {
      await sql`insert into queued values (1)`.execute(trx);
      waiting = Array.from({ length: 50 }, (_, i) =>
        sql<{ n: number }>`select count(*) as n from queued`.execute(db).then((r) => {
          order.push(i);
          return Number(r.rows[0]?.n);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      await sql`insert into queued values (2)`.execute(trx);
    });
    expect(await Promise.all(waiting)).toEqual(Array(50).fill(2));
    expect(order).toEqual([...Array(50).keys()]);
    // and it is free again afterwards
    expect(Number((await sql<{ n: number }>`select count(*) as n from queued`.execute(db)).rows[0]?.n)).toBe(2);
  });

  it("gives the event loop a turn during a long run of waiting queries", async () => {
    // Each query takes a while (a count to 20,000); 100 of them are well over the slice between turns.
    const slow = () =>
      sql`with recursive c(i) as (select 1 union all select i + 1 from c where i < 20000)
      select count(*) as n from c`.execute(t.dbh.db);
    let done = 0;
    const all = Promise.all(Array.from({ length: 100 }, () => slow().then(() => done++)));
    // A timer, a socket's data or a new connection waits for the loop's next turn, like this callback.
    const doneAtTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await all;
    expect(done).toBe(100);
    expect(doneAtTurn).toBeLessThan(100);
    expect(doneAtTurn).toBeGreaterThan(0);
  });

  // Rows come from SQLite as arrays and become objects in JS (withRowMaker, db/index.ts).
  it("answers each row as an object of its columns, by name, whatever the names and values", async () => {
    const { db } = t.dbh;
    await sql`create table shapes (id integer primary key, label text, price real, data blob)`.execute(db);
    const inserted = await sql`insert into shapes (label, price, data) values ('a', 1.5, x'0102'), (null, 2, null)
      returning id, label`.execute(db);
    expect(inserted.rows).toEqual([
      { id: 1, label: "a" },
      { id: 2, label: null },
    ]);
    const rows = await sql`select id, label as "it's \\ ""quoted""", price, data, 'x' as id2, id + 10 as id
      from shapes order by 1`.execute(db);
    // two columns of one name: the later wins, as better-sqlite3's own objects do
    expect(rows.rows).toEqual([
      { id: 11, 'it\'s \\ "quoted"': "a", price: 1.5, data: Buffer.from([1, 2]), id2: "x" },
      { id: 12, 'it\'s \\ "quoted"': null, price: 2, data: null, id2: "x" },
    ]);
    expect((await sql`select * from shapes where id = 99`.execute(db)).rows).toEqual([]);
    const streamed: unknown[] = [];
    const shapes = db.withTables<{ shapes: { id: number; label: string | null } }>().selectFrom("shapes");
    for await (const row of shapes.select(["id", "label"]).orderBy("id").stream()) streamed.push(row);
    expect(streamed).toEqual([
      { id: 1, label: "a" },
      { id: 2, label: null },
    ]);
  });

  it("answers a kept `select *` with the columns a schema change left, in their new order", async () => {
    const { db } = t.dbh;
    await sql`create table reshaped (id integer primary key, a text, b text)`.execute(db);
    await sql`insert into reshaped values (1, 'a', 'b')`.execute(db);
    const all = () => sql`select * from reshaped`.execute(db).then((r) => r.rows);
    const named = () => sql`select b, id from reshaped`.execute(db).then((r) => r.rows);
    expect(await all()).toEqual([{ id: 1, a: "a", b: "b" }]);
    expect(await named()).toEqual([{ b: "b", id: 1 }]);
    await sql`alter table reshaped add column c text default 'c'`.execute(db);
    expect(await all()).toEqual([{ id: 1, a: "a", b: "b", c: "c" }]);
    // a table rebuilt with its columns in another order, as a migration does on SQLite
    await sql`create table reshaped_new (id integer primary key, c text, b text)`.execute(db);
    await sql`insert into reshaped_new select id, c, b from reshaped`.execute(db);
    await sql`drop table reshaped`.execute(db);
    await sql`alter table reshaped_new rename to reshaped`.execute(db);
    expect(await all()).toEqual([{ id: 1, c: "c", b: "b" }]);
    expect(await named()).toEqual([{ b: "b", id: 1 }]);
  });
});

// SQLite plans from the statistics ANALYZE gathers, and has none until someone runs it. An index added
// to a database that has them gets its own, or the planner would weigh it against the others blind.
describe("SQLite planner statistics across a migration", () => {
  const statsOf = async (db: Db, index: string) =>
    (await sql<{ stat: string }>`select stat from sqlite_stat1 where idx = ${index}`.execute(db)).rows;
  const hasStats = async (db: Db) =>
    (await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db)).rows.length > 0;

  it.each([
    ["an analyzed database gets the new index's statistics", true],
    ["a database never analyzed gets none", false],
  ])("%s", async (_, analyzed) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "market-stats-"));
    const dbh = openDb({ sqliteFile: path.join(dir, "test.db") });
    try {
      const migrator = new Migrator({ db: dbh.db, provider: migrationProvider({ pg: false }) });
      // The demo is seeded by today's schema, then the database goes back to before the indexes.
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      await seedDemo(dbh); // ANALYZE keeps nothing of an empty table
      expect((await migrator.migrateTo("020-scale-indexes")).error).toBeUndefined();
      if (analyzed) await sql`analyze`.execute(dbh.db);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await hasStats(dbh.db)).toBe(analyzed);
      if (analyzed)
        for (const index of ["products_category_rating", "products_listed_base_price"])
          expect(await statsOf(dbh.db, index)).toHaveLength(1);
    } finally {
      await dbh.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
