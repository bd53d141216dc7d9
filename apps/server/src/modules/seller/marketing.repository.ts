import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/index.ts";
import { countRows } from "../../db/queries.ts";
import type { CouponsTable } from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

// All SQL of the Seller Centre's vouchers and flash-sale entries. Functions take db or trx first;
// every query of a shop's records is scoped by its shop id.

const voucherColumns = [
  "c.id",
  "c.shop_id",
  "c.code",
  "c.discount",
  "c.discount_type",
  "c.min_order_amount",
  "c.max_discount",
  "c.usage_limit",
  "c.used_count",
  "c.is_active",
  "c.start_date",
  "c.end_date",
  "c.created_at",
] as const;

function vouchersOf(db: Db, shopId: number) {
  return db
    .selectFrom("coupons as c")
    .where("c.shop_id", "=", shopId)
    .select((eb) => [
      ...voucherColumns,
      eb
        .selectFrom("coupon_collections as cc")
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .whereRef("cc.coupon_id", "=", "c.id")
        .as("collected"),
    ]);
}
export type VoucherRow = NonNullable<Awaited<ReturnType<typeof voucherById>>>;

export async function voucherPage(db: Db, shopId: number, page: PageWindow) {
  const [rows, total] = await Promise.all([
    vouchersOf(db, shopId)
      .orderBy("c.created_at", "desc")
      .orderBy("c.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(db.selectFrom("coupons").where("shop_id", "=", shopId)),
  ]);
  return { rows, total };
}

export function voucherById(db: Db, shopId: number, id: number) {
  return vouchersOf(db, shopId).where("c.id", "=", id).executeTakeFirst();
}

/** The voucher's row, on PostgreSQL locked until the transaction ends (placing an order locks it too). */
export function lockVoucher(trx: Db, shopId: number, id: number, pg: boolean) {
  return trx
    .selectFrom("coupons as c")
    .select(["c.id", "c.code", "c.used_count"])
    .where("c.id", "=", id)
    .where("c.shop_id", "=", shopId)
    .$if(pg, (q) => q.forUpdate())
    .executeTakeFirst();
}

export function codeTaken(db: Db, code: string, exceptId?: number) {
  return db
    .selectFrom("coupons")
    .select("id")
    .where("code", "=", code)
    .$if(exceptId !== undefined, (q) => q.where("id", "!=", exceptId as number))
    .executeTakeFirst()
    .then(Boolean);
}

export async function insertVoucher(trx: Db, row: Insertable<CouponsTable>): Promise<number> {
  const r = await trx.insertInto("coupons").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}

/**
 * Saves a voucher's terms unless a use landed meanwhile that the new terms refuse: the limit stays
 * at or above the uses, and the code changes only while there are none. Answers whether it saved.
 */
export async function updateVoucher(
  trx: Db,
  shopId: number,
  id: number,
  values: Updateable<CouponsTable>,
  codeChanges: boolean,
): Promise<boolean> {
  const limit = values.usage_limit;
  const res = await trx
    .updateTable("coupons")
    .set(values)
    .where("id", "=", id)
    .where("shop_id", "=", shopId)
    .$if(typeof limit === "number", (q) => q.where("used_count", "<=", limit as number))
    .$if(codeChanges, (q) => q.where("used_count", "=", 0))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setVoucherActive(db: Db, shopId: number, id: number, active: boolean): Promise<boolean> {
  const res = await db
    .updateTable("coupons")
    .set({ is_active: active ? 1 : 0 })
    .where("id", "=", id)
    .where("shop_id", "=", shopId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// --- flash sales ---------------------------------------------------------------------------------

const saleColumns = ["fs.id", "fs.name", "fs.i18n", "fs.thumbnail", "fs.start_date", "fs.end_date"] as const;

/** Sales that have not ended, running ones first, then by start. */
export async function openSalesPage(db: Db, now: string, page: PageWindow) {
  const q = db.selectFrom("flash_sales as fs").where("fs.end_date", ">", now);
  const [rows, total] = await Promise.all([
    q.select(saleColumns).orderBy("fs.start_date").orderBy("fs.id").limit(page.limit).offset(page.offset).execute(),
    countRows(q),
  ]);
  return { rows, total };
}

export function saleById(db: Db, id: number) {
  return db.selectFrom("flash_sales as fs").select(saleColumns).where("fs.id", "=", id).executeTakeFirst();
}
export type SaleRow = NonNullable<Awaited<ReturnType<typeof saleById>>>;

/** The shop's entries in the sales, by sale then entry; bounded by MARKETING_LIMITS.maxEntriesPerSale per sale. */
export function shopEntries(db: Db, shopId: number, saleIds: number[]) {
  if (saleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("flash_sale_items as fi")
    .innerJoin("products as p", "p.id", "fi.product_id")
    .select([
      "fi.id",
      "fi.flash_sale_id",
      "fi.product_id",
      "fi.sale_price",
      "fi.quantity",
      "fi.sold",
      "p.name",
      "p.i18n",
      "p.thumbnail",
      "p.price",
      "p.discount_price",
    ])
    .where("p.shop_id", "=", shopId)
    .where("fi.flash_sale_id", "in", saleIds)
    .orderBy("fi.flash_sale_id")
    .orderBy("fi.id")
    .execute();
}

export function countShopEntries(db: Db, shopId: number, saleId: number) {
  return countRows(
    db
      .selectFrom("flash_sale_items as fi")
      .innerJoin("products as p", "p.id", "fi.product_id")
      .where("fi.flash_sale_id", "=", saleId)
      .where("p.shop_id", "=", shopId),
  );
}

/** The shop's products among `ids`, with their prices. */
/**
 * The shop's products among `ids` with their prices. `lock` (PostgreSQL) holds them until the
 * transaction ends, so a price saved meanwhile cannot slip under a sale price checked against them.
 */
export function shopProducts(db: Db, shopId: number, ids: number[], lock = false) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("products")
    .select(["id", "price", "discount_price"])
    .where("shop_id", "=", shopId)
    .where("id", "in", ids)
    .orderBy("id")
    .$if(lock, (q) => q.forShare())
    .execute();
}

/** Which of `productIds` are already in the sale. */
export async function productsInSale(db: Db, saleId: number, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("flash_sale_items")
    .select("product_id")
    .where("flash_sale_id", "=", saleId)
    .where("product_id", "in", productIds)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

export function insertEntries(
  trx: Db,
  rows: { flash_sale_id: number; product_id: number; sale_price: number; quantity: number }[],
) {
  return trx.insertInto("flash_sale_items").values(rows).execute();
}

/** An entry of the shop, with its sale's times and its product's prices. */
export function shopEntry(db: Db, shopId: number, id: number) {
  return db
    .selectFrom("flash_sale_items as fi")
    .innerJoin("products as p", "p.id", "fi.product_id")
    .innerJoin("flash_sales as fs", "fs.id", "fi.flash_sale_id")
    .select([
      "fi.id",
      "fi.flash_sale_id",
      "fi.sale_price",
      "fi.quantity",
      "fi.sold",
      "fs.start_date",
      "fs.end_date",
      "p.price",
      "p.discount_price",
    ])
    .where("fi.id", "=", id)
    .where("p.shop_id", "=", shopId)
    .executeTakeFirst();
}

/**
 * Sets an entry's price and cap in one conditional update: the cap never drops below what was
 * sold, even when an order claims units at the same moment. Answers whether it saved.
 */
export async function updateEntry(db: Db, id: number, salePrice: number, quantity: number): Promise<boolean> {
  const res = await db
    .updateTable("flash_sale_items")
    .set({ sale_price: salePrice, quantity })
    .where("id", "=", id)
    .where("sold", "<=", quantity)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Removes an entry only while nothing was sold at it (checked in the same statement). */
export async function deleteUnsoldEntry(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom("flash_sale_items").where("id", "=", id).where("sold", "=", 0).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
