import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  type Driver,
  Kysely,
  type LogEvent,
  Migrator,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from "kysely";
import pg from "pg";
import { dbQueryDuration } from "../lib/metrics.ts";
import { migrationProvider } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  /** true on PostgreSQL, false on SQLite */
  pg: boolean;
  /** the PostgreSQL connection string, for parts that keep their own connections (the job queue) */
  url?: string;
}

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** SQLite file; used when no databaseUrl is given */
  sqliteFile?: string;
}

/** Kysely's query log feeds the query duration histogram of /metrics. */
const timed =
  (engine: string) =>
  (event: LogEvent): void => {
    dbQueryDuration.observe({ engine }, event.queryDurationMillis / 1000);
  };

export function openDb(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = withNamedStatements(new pg.Pool({ connectionString: options.databaseUrl, max: 10 }));
    // An idle connection the server closed (restart, failover) is dropped by the pool and the next
    // query opens a new one; without a listener that event would crash the process.
    pool.on("error", (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: timed("postgres") }),
      pg: true,
      url: options.databaseUrl,
    };
  }
  const file = options.sqliteFile ?? ":memory:";
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return {
    db: new Kysely<Database>({
      dialect: new FairSqliteDialect({ database: withStatementCache(sqlite) }),
      log: timed("sqlite"),
    }),
    pg: false,
  };
}

/**
 * A transaction that writes: on SQLite it begins IMMEDIATE, taking the write lock up front so
 * another process cannot slip a write between our reads and writes (a plain BEGIN would only
 * fail at the first write); on PostgreSQL a normal transaction (lock rows with FOR UPDATE).
 */
export function writeTransaction<T>(dbh: DbHandle, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (dbh.pg) return dbh.db.transaction().execute(fn);
  return dbh.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}

export async function migrate(handle: DbHandle): Promise<void> {
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider({ pg: handle.pg }) });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") throw new Error(`migration ${r.migrationName} failed`, { cause: error });
  }
  if (error) throw error;
}

const STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * PostgreSQL's counterpart of SQLite's statement cache: each distinct query text gets a name on a
 * connection, so the server parses and plans it once there and binds new values after (planning was
 * up to half of a product list's time at 10,000 products; issue 18). At most `max` texts a
 * connection; further ones run unnamed. A pooler in front (PgBouncer) must keep prepared statements
 * per session or support them in transaction mode (PgBouncer 1.21+, `max_prepared_statements`).
 */
function withNamedStatements(pool: pg.Pool, max = 500): pg.Pool {
  pool.on("connect", (client) => {
    const names = new Map<string, string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
      if (typeof text !== "string" || typeof values === "function" || !STATEMENT.test(text))
        return query(text, values, callback);
      let name = names.get(text);
      if (name === undefined && names.size < max) {
        name = `q${names.size}`;
        names.set(text, name);
      }
      return name === undefined ? query(text, values, callback) : query({ name, text, values }, callback);
    }) as typeof client.query;
  });
  return pool;
}

/**
 * Kysely prepares every query anew; preparing costs more than running most of ours, and the
 * catalog sends the same few SQL texts over and over. Keep the prepared statements, by SQL text.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let stmt = cache.get(text);
      if (!stmt) {
        stmt = withRowMaker(sqlite.prepare(text));
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}

type SqliteStatement = ReturnType<SqliteDatabase["prepare"]>;

/**
 * better-sqlite3 builds each row's object in C++ one property at a time, which cost more than the
 * query itself: a cart of five lines (34 columns) took 82 us as objects and 9 us to run. A reader
 * statement answers its rows as arrays instead, and a function written for its columns makes the
 * objects (52 us), as a literal that V8 builds from one shape. Only where the SQL names every
 * column: a `*` takes the table's columns as they are at each run, and a kept statement outlives
 * migrations, which add, drop and reorder them.
 */
function withRowMaker(stmt: SQLite.Statement): SqliteStatement {
  if (!stmt.reader || stmt.source.replaceAll("(*)", "").includes("*")) return stmt;
  const names = stmt.columns().map((c) => c.name);
  if (names.includes("__proto__")) return stmt; // a literal's key of that name would set the prototype
  const make = new Function("r", `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(", ")}};`);
  stmt.raw(true);
  return {
    reader: true,
    all: (parameters) => stmt.all(parameters).map((row) => make(row)),
    run: (parameters) => stmt.run(parameters),
    *iterate(parameters) {
      for (const row of stmt.iterate(parameters)) yield make(row);
    },
  };
}

/**
 * SQLite has one connection, which Kysely's driver lends under a mutex whose release wakes every query
 * waiting for it: one takes it and the rest go back to waiting, so under load (dozens of queries
 * waiting) each query costs work in proportion to the queue. This driver lends it to the next waiter,
 * in the order they asked (docs/decisions.md, "Read path without the cache").
 */
class FairSqliteDriver extends SqliteDriver {
  #waiting: Array<() => void> = [];
  #busy = false;
  #sliceStart = performance.now();

  override async acquireConnection() {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#busy = true;
    return super.acquireConnection();
  }

  override async releaseConnection() {
    await super.releaseConnection();
    const next = this.#waiting.shift();
    if (!next) {
      this.#busy = false;
      return;
    }
    if (performance.now() - this.#sliceStart < SLICE_MS) return next();
    setImmediate(() => {
      this.#sliceStart = performance.now();
      next();
    });
  }
}

/**
 * How long queued SQLite queries run before the event loop gets a turn. better-sqlite3 answers at once,
 * so without a turn every query waiting, of every request, ran in one go: a burst of requests held
 * timers, realtime sends and the accepting of new connections (one per turn) until it was done; 50
 * visitors arriving at once at a busy server waited up to 4-7 s for their first answer.
 */
const SLICE_MS = 5;

class FairSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new FairSqliteDriver(this.#config);
  }
}
