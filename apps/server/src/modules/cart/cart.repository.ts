import type { Kysely } from "kysely";
import { listedFlag, listedProduct } from "../../db/listing.ts";
import { translated } from "../../db/queries.ts";
import type { Database } from "../../db/schema.ts";

// All cart SQL. Functions take the Kysely instance or a transaction first.
type Q = Kysely<Database>;

export interface LineKey {
  product_id: number;
  size_id: number;
  color_id: number;
  unit_id: number;
}

/** A product with what adding one of its variants needs: prices, surcharges, stock, unit. */
export function variantInfo(db: Q, productId: number, sizeId: number, colorId: number) {
  return db
    .selectFrom("products as p")
    .leftJoin("product_sizes as ps", (j) => j.onRef("ps.product_id", "=", "p.id").on("ps.size_id", "=", sizeId))
    .leftJoin("product_colors as pc", (j) => j.onRef("pc.product_id", "=", "p.id").on("pc.color_id", "=", colorId))
    .leftJoin("product_variants as v", (j) =>
      j.onRef("v.product_id", "=", "p.id").on("v.size_id", "=", sizeId).on("v.color_id", "=", colorId),
    )
    .select((eb) => [
      "p.id",
      "p.unit_id",
      "p.price",
      "p.discount_price",
      "ps.price as size_surcharge",
      "pc.price as color_surcharge",
      "v.stock",
      eb
        .exists(eb.selectFrom("product_sizes as s2").select("s2.id").whereRef("s2.product_id", "=", "p.id"))
        .as("has_sizes"),
      eb
        .exists(eb.selectFrom("product_colors as c2").select("c2.id").whereRef("c2.product_id", "=", "p.id"))
        .as("has_colors"),
    ])
    .where("p.id", "=", productId)
    .where(listedProduct("p"))
    .executeTakeFirst();
}

export function variantStock(db: Q, productId: number, sizeId: number, colorId: number) {
  return db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select("v.stock")
    .where("v.product_id", "=", productId)
    .where("v.size_id", "=", sizeId)
    .where("v.color_id", "=", colorId)
    .where(listedProduct("p"))
    .executeTakeFirst()
    .then((r) => (r ? Number(r.stock) : 0));
}

export function findLine(db: Q, userId: number, isBuyNow: boolean, key: LineKey) {
  return db
    .selectFrom("carts")
    .selectAll()
    .where("user_id", "=", userId)
    .where("is_buy_now", "=", isBuyNow ? 1 : 0)
    .where("product_id", "=", key.product_id)
    .where("size_id", "=", key.size_id)
    .where("color_id", "=", key.color_id)
    .where("unit_id", "=", key.unit_id)
    .executeTakeFirst();
}

export function lineById(db: Q, userId: number, id: number) {
  return db.selectFrom("carts").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

/** The user's lines of a product in one cart; a variant field left undefined matches any value. */
export function linesOfProduct(
  db: Q,
  userId: number,
  isBuyNow: boolean,
  productId: number,
  variant: { size_id?: number | undefined; color_id?: number | undefined; unit_id?: number | undefined },
) {
  let q = db
    .selectFrom("carts")
    .selectAll()
    .where("user_id", "=", userId)
    .where("is_buy_now", "=", isBuyNow ? 1 : 0)
    .where("product_id", "=", productId);
  if (variant.size_id !== undefined) q = q.where("size_id", "=", variant.size_id);
  if (variant.color_id !== undefined) q = q.where("color_id", "=", variant.color_id);
  if (variant.unit_id !== undefined) q = q.where("unit_id", "=", variant.unit_id);
  return q.orderBy("id").execute();
}

export function insertLine(
  db: Q,
  row: LineKey & {
    user_id: number;
    quantity: number;
    is_buy_now: number;
    unit_price_at_add: number;
    sale_quantity_at_add: number;
    created_at: string;
  },
) {
  return db
    .insertInto("carts")
    .values(row)
    .returning("id")
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.id));
}

export function updateLine(
  db: Q,
  id: number,
  set: { quantity?: number; unit_price_at_add?: number; sale_quantity_at_add?: number },
) {
  return db.updateTable("carts").set(set).where("id", "=", id).execute();
}

export function deleteLine(db: Q, id: number) {
  return db.deleteFrom("carts").where("id", "=", id).execute();
}

export function deleteBuyNow(db: Q, userId: number) {
  return db.deleteFrom("carts").where("user_id", "=", userId).where("is_buy_now", "=", 1).execute();
}

/**
 * Every line of a user's cart with its product (named in `locale`), shop, variant names, surcharges,
 * stock and VAT.
 */
export function cartRows({ db, pg }: { db: Q; pg: boolean }, userId: number, isBuyNow: boolean, locale: string) {
  return db
    .selectFrom("carts as c")
    .innerJoin("products as p", "p.id", "c.product_id")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .leftJoin("brands as b", "b.id", "p.brand_id")
    .leftJoin("sizes as z", "z.id", "c.size_id")
    .leftJoin("product_sizes as ps", (j) =>
      j.onRef("ps.product_id", "=", "c.product_id").onRef("ps.size_id", "=", "c.size_id"),
    )
    .leftJoin("colors as k", "k.id", "c.color_id")
    .leftJoin("product_colors as pc", (j) =>
      j.onRef("pc.product_id", "=", "c.product_id").onRef("pc.color_id", "=", "c.color_id"),
    )
    .leftJoin("units as u", "u.id", "c.unit_id")
    .leftJoin("product_variants as v", (j) =>
      j
        .onRef("v.product_id", "=", "c.product_id")
        .onRef("v.size_id", "=", "c.size_id")
        .onRef("v.color_id", "=", "c.color_id"),
    )
    .leftJoin("vat_taxes as t", "t.id", "p.vat_tax_id")
    .select([
      "c.id",
      "c.product_id",
      "c.size_id",
      "c.color_id",
      "c.unit_id",
      "c.quantity",
      "c.is_buy_now",
      "c.unit_price_at_add",
      "c.sale_quantity_at_add",
      translated(pg, "p", "name", locale).as("name"),
      "p.slug",
      "p.thumbnail",
      "p.price",
      "p.discount_price",
      // a line of a product that left the storefront (unpublished, not approved, shop suspended) is dropped
      listedFlag("p").as("is_active"),
      "b.name as brand_name",
      "s.id as shop_id",
      "s.name as shop_name",
      "s.i18n as shop_i18n",
      "s.rating as shop_rating",
      "s.logo as shop_logo",
      "s.delivery_charge as shop_delivery_charge",
      "z.name as size_name",
      "ps.price as size_surcharge",
      "k.name as color_name",
      "k.i18n as color_i18n",
      "k.color_code",
      "pc.price as color_surcharge",
      "u.name as unit_name",
      "u.i18n as unit_i18n",
      "v.stock",
      "t.name as vat_name",
      "t.i18n as vat_i18n",
      "t.rate_bp as vat_rate_bp",
    ])
    .where("c.user_id", "=", userId)
    .where("c.is_buy_now", "=", isBuyNow ? 1 : 0)
    .orderBy("c.id")
    .execute();
}
export type CartRow = Awaited<ReturnType<typeof cartRows>>[number];
