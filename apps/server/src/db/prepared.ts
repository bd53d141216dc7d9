import { isDeepStrictEqual } from "node:util";
import {
  type Compilable,
  type CompiledQuery,
  type DialectAdapter,
  type Expression,
  type OperationNode,
  type QueryResult,
  sql,
  ValueNode,
} from "kysely";
import { TtlCache } from "../lib/ttl-cache.ts";
import type { Db } from "./index.ts";

// Building and compiling a query with Kysely costs more than SQLite takes to run most of ours (a
// cart add spent a third of its time building one join). A hot query is built once per shape with
// placeholders where its values go, and each run binds the values to the kept SQL.

/** Where a value goes in a kept query: it compiles to a parameter that each run fills. */
class Placeholder<T> implements Expression<T> {
  constructor(
    readonly name: string,
    readonly index?: number,
  ) {}
  get expressionType(): T | undefined {
    return undefined;
  }
  toOperationNode(): OperationNode {
    return ValueNode.create(this);
  }
}

type Value = string | number | null;
/** A query's values by name (written as a mapped type so that an interface fits); undefined: not used. */
type Values<V = Record<string, unknown>> = { [K in keyof V]: Value | readonly Value[] | undefined };
/** What the query is built from: each value as an expression, a list as a list of them. */
export type Placeholders<V extends Values<V>> = {
  readonly [K in keyof V]: V[K] extends readonly (infer E)[] ? Expression<E>[] : Expression<Exclude<V[K], undefined>>;
};

// Per dialect (SQLite and PostgreSQL write different SQL; tests open both in one process), found
// through `getExecutor()`, which Kysely marks internal. Keys hold a language code from a header,
// hence the bound (the oldest first out).
const kept = new WeakMap<DialectAdapter, TtlCache<CompiledQuery>>();
// Under the tests every run also builds its query from the values and checks that the kept SQL is
// the same: a query whose text depended on a value left out of its key would fail there.
const verify = Boolean(process.env.VITEST);

function placeholders<V extends Values<V>>(values: V): Placeholders<V> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(values)) {
    out[name] = Array.isArray(v) ? v.map((_, i) => new Placeholder(name, i)) : new Placeholder(name);
  }
  return out as Placeholders<V>;
}

function valuesAsSql<V extends Values<V>>(values: V): Placeholders<V> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(values)) out[name] = Array.isArray(v) ? v.map((e) => sql.val(e)) : sql.val(v);
  return out as Placeholders<V>;
}

/**
 * Runs the query `build` makes, building and compiling it only the first time for `key` on this
 * database's dialect. `build` may use `values` only through its placeholders; a list's length and
 * which values are undefined (an optional filter or column left out) are part of the key, and `key`
 * names the query and anything else its SQL depends on (a language).
 */
export async function prepared<V extends Values<V>, R>(
  db: Db,
  key: string,
  values: V,
  build: (p: Placeholders<V>) => Compilable<R>,
): Promise<QueryResult<R>> {
  const adapter = db.getExecutor().adapter;
  let cache = kept.get(adapter);
  if (!cache) {
    cache = new TtlCache(Number.POSITIVE_INFINITY, 5000);
    kept.set(adapter, cache);
  }
  // What the shape depends on besides the key: each list's length, and which values are left out.
  let fullKey = key;
  for (const [name, v] of Object.entries(values)) {
    if (v === undefined) fullKey += ` -${name}`;
    else if (Array.isArray(v)) fullKey += ` ${name}[${v.length}]`;
  }
  let compiled = cache.get(fullKey) as CompiledQuery<R> | undefined;
  if (!compiled) {
    compiled = build(placeholders(values)).compile();
    cache.set(fullKey, compiled);
  }
  const parameters = compiled.parameters.map((p) => {
    if (!(p instanceof Placeholder)) return p; // a constant of the query
    const v = values[p.name as keyof V];
    return p.index === undefined ? v : (v as readonly Value[])[p.index];
  });
  if (verify) {
    const fresh = build(valuesAsSql(values)).compile();
    if (fresh.sql !== compiled.sql || !isDeepStrictEqual(fresh.parameters, parameters)) {
      throw new Error(`prepared query "${fullKey}" depends on more than its key and values:\n${fresh.sql}`);
    }
  }
  return db.executeQuery<R>({ ...compiled, parameters });
}
