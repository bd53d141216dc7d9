import { DEFAULT_LOCALE } from "@market/contract";
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "./schema.ts";

// Query pieces every repository uses the same way.

/** How many rows a query matches (PostgreSQL answers a count as text, SQLite as a number). */
export async function countRows<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await q
    .select((e) => e.fn.countAll().as("n"))
    .$castTo<{ n: number | string }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many rows the query holds, and the earliest `created_at` among them (null when none). */
export async function countSince<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
): Promise<{ count: number; oldest: string | null }> {
  const row = await q
    .select((e) => [e.fn.countAll().as("n"), sql<string | null>`min(created_at)`.as("oldest")])
    .$castTo<{ n: number | string; oldest: string | null }>()
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest };
}

/** `lower(column) LIKE %text%` with the text's own %, _ and \ taken literally, on both engines. */
export const contains = (column: string | RawBuilder<string>, text: string) =>
  sql<boolean>`lower(${typeof column === "string" ? sql.ref(column) : column}) like ${`%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;

/**
 * `table.field` in `locale`: its text in the row's i18n JSON column, or the column itself when that
 * has none (`tr` of lib/i18n.ts, worked out by the database). A list of products reads the name it
 * shows, not every translation of every text of each row.
 */
export function translated(pg: boolean, table: string, field: string, locale: string): RawBuilder<string> {
  const own = sql.ref(`${table}.${field}`);
  if (locale === DEFAULT_LOCALE || !/^[a-z0-9-]+$/.test(locale)) return sql<string>`${own}`;
  const i18n = sql.ref(`${table}.i18n`);
  const text = pg
    ? sql`cast(${i18n} as json) #>> ${`{${locale},${field}}`}`
    : sql`json_extract(${i18n}, ${`$."${locale}".${field}`})`;
  return sql<string>`coalesce(nullif(${text}, ''), ${own})`;
}

/**
 * Serialises one user's writes (cart, favourites, addresses, orders). On PostgreSQL the user row is
 * locked until the transaction ends; SQLite has one connection whose transactions never
 * interleave, so nothing is needed.
 */
export async function lockUser(trx: Kysely<Database>, userId: number, pg: boolean): Promise<void> {
  if (pg) await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
}
