import { type Kysely, type Migration, sql } from "kysely";

// The currency an order was charged in ({ name, symbol, position, decimals }), written when it is
// placed: its amounts stay in it when the operator makes another currency the default. Orders
// placed before were charged in the default currency of now.
export const orderCurrencyMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("orders")
      .addColumn("currency", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    const { rows } = await sql<{ name: string; symbol: string; position: string; decimals: number }>`
      select name, symbol, position, decimals from currencies order by is_default desc, id limit 1`.execute(db);
    const c = rows[0] ?? { name: "USD", symbol: "$", position: "prefix", decimals: 2 };
    const json = JSON.stringify({ name: c.name, symbol: c.symbol, position: c.position, decimals: Number(c.decimals) });
    await sql`update orders set currency = ${json}`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("orders").dropColumn("currency").execute();
  },
});
