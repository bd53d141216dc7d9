import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/index.ts";
import { listedProduct } from "../../db/listing.ts";
import { prepared } from "../../db/prepared.ts";

// All flash-sale pricing SQL. Functions take the Kysely instance or a transaction first.

/** The running flash-sale items of the products with units left under their caps, cheapest first. */
export async function runningSaleItems(db: Db, productIds: number[], now: string, lock: boolean) {
  if (productIds.length === 0) return [];
  const res = await prepared(db, `running sale items ${lock}`, { productIds, now }, (p) =>
    db
      .selectFrom("flash_sale_items as fi")
      .innerJoin("flash_sales as fs", "fs.id", "fi.flash_sale_id")
      .select([
        "fi.id",
        "fi.product_id",
        "fi.sale_price",
        "fi.quantity",
        "fi.sold",
        "fs.id as flash_sale_id",
        "fs.name",
        "fs.i18n",
        "fs.end_date",
      ])
      .where("fi.product_id", "in", p.productIds)
      .where("fs.start_date", "<=", p.now)
      .where("fs.end_date", ">", p.now)
      .whereRef("fi.sold", "<", "fi.quantity")
      .orderBy("fi.id")
      // Placing an order locks them (by id) so the units left are counted one order at a time.
      .$if(lock, (q) => q.forUpdate("fi")),
  );
  return res.rows;
}
export type SaleItemRow = Awaited<ReturnType<typeof runningSaleItems>>[number];

/** Counts `quantity` units against a sale item's cap, only if that many are left; answers whether it did. */
export async function claimSaleUnits(db: Db, itemId: number, quantity: number): Promise<boolean> {
  const res = await db
    .updateTable("flash_sale_items")
    .set((eb) => ({ sold: eb("sold", "+", quantity) }))
    .where("id", "=", itemId)
    .where((eb) => eb(eb("sold", "+", quantity), "<=", eb.ref("quantity")))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Gives units back under a sale item's cap (a cancelled order). */
export function releaseSaleUnits(db: Db, itemId: number, quantity: number) {
  return db
    .updateTable("flash_sale_items")
    .set((eb) => ({ sold: eb("sold", "-", quantity) }))
    .where("id", "=", itemId)
    .where("sold", ">=", quantity)
    .execute();
}

/** The products on a running flash sale with units left, as `product_id` (for `in` / `not in`). */
export const onSaleSql = (now: string) =>
  sql`select fi.product_id from flash_sale_items fi join flash_sales fs on fs.id = fi.flash_sale_id
    where fs.start_date <= ${now} and fs.end_date > ${now} and fi.sold < fi.quantity`;

/** What one unit of product `p` costs off a flash sale: the discount price, else the price. */
export const basePriceSql = sql`case when p.discount_price > 0 then p.discount_price else p.price end`;

/**
 * What one unit of product `p` (no size or colour) costs in SQL, for filtering and sorting lists
 * by price: the cheapest running sale price with units left, else `basePriceSql`. The same rule as
 * `quote` in pricing.service.ts. Only the few products on a sale look their sale price up (the
 * list of them is found once a query), so a list sorted by price reads the rest off an index.
 */
export const unitPriceSql = (now: string) =>
  sql`case when p.id in (${onSaleSql(now)}) then coalesce((select min(fi.sale_price) from flash_sale_items fi
    join flash_sales fs on fs.id = fi.flash_sale_id
    where fi.product_id = p.id and fs.start_date <= ${now} and fs.end_date > ${now} and fi.sold < fi.quantity),
    ${basePriceSql}) else ${basePriceSql} end`;

/**
 * The lowest and highest `unitPriceSql` of all the listed products, as `lo` and `hi`. Those off a
 * sale are read at the two ends of the index on their base price (migration 022) instead of all
 * being priced (issue 18's bench:scale); the few on a sale are priced one by one.
 */
export const listedPriceRangeSql = (now: string) => {
  const end = (direction: RawBuilder<unknown>) =>
    sql`select u from (select ${basePriceSql} as u from products p
      where ${listedProduct("p", { shopIndex: false })} and p.id not in (${onSaleSql(now)})
      order by ${basePriceSql} ${direction} limit 1) e`;
  return sql`select min(u) as lo, max(u) as hi from (
    ${end(sql`asc`)} union all ${end(sql`desc`)}
    union all select ${unitPriceSql(now)} as u from products p
      where ${listedProduct("p")} and p.id in (${onSaleSql(now)})) ends`;
};
