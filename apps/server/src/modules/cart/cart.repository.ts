import type { Kysely } from "kysely";
import { listedFlag, listedProduct } from "../../db/listing.ts";
import { prepared } from "../../db/prepared.ts";
import { countRows, translated } from "../../db/queries.ts";
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
export async function variantInfo(db: Q, productId: number, sizeId: number, colorId: number) {
  const res = await prepared(db, "cart variant", { productId, sizeId, colorId }, (p) =>
    db
      .selectFrom("products as p")
      .leftJoin("product_sizes as ps", (j) => j.onRef("ps.product_id", "=", "p.id").on("ps.size_id", "=", p.sizeId))
      .leftJoin("product_colors as pc", (j) => j.onRef("pc.product_id", "=", "p.id").on("pc.color_id", "=", p.colorId))
      .leftJoin("product_variants as v", (j) =>
        j.onRef("v.product_id", "=", "p.id").on("v.size_id", "=", p.sizeId).on("v.color_id", "=", p.colorId),
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
      .where("p.id", "=", p.productId)
      .where(listedProduct("p")),
  );
  return res.rows[0];
}

export async function variantStock(db: Q, productId: number, sizeId: number, colorId: number) {
  const res = await prepared(db, "cart variant stock", { productId, sizeId, colorId }, (p) =>
    db
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select("v.stock")
      .where("v.product_id", "=", p.productId)
      .where("v.size_id", "=", p.sizeId)
      .where("v.color_id", "=", p.colorId)
      .where(listedProduct("p")),
  );
  const [r] = res.rows;
  return r ? Number(r.stock) : 0;
}

export async function findLine(db: Q, userId: number, isBuyNow: boolean, key: LineKey) {
  const res = await prepared(db, "cart line", { userId, isBuyNow: isBuyNow ? 1 : 0, ...key }, (p) =>
    db
      .selectFrom("carts")
      .selectAll()
      .where("user_id", "=", p.userId)
      .where("is_buy_now", "=", p.isBuyNow)
      .where("product_id", "=", p.product_id)
      .where("size_id", "=", p.size_id)
      .where("color_id", "=", p.color_id)
      .where("unit_id", "=", p.unit_id),
  );
  return res.rows[0];
}

export async function lineById(db: Q, userId: number, id: number) {
  const res = await prepared(db, "cart line by id", { userId, id }, (p) =>
    db.selectFrom("carts").selectAll().where("id", "=", p.id).where("user_id", "=", p.userId),
  );
  return res.rows[0];
}

/** The user's lines of a product in one cart; a variant field left undefined matches any value. */
export async function linesOfProduct(
  db: Q,
  userId: number,
  isBuyNow: boolean,
  productId: number,
  variant: { size_id?: number | undefined; color_id?: number | undefined; unit_id?: number | undefined },
) {
  const { size_id, color_id, unit_id } = variant;
  const values = { userId, isBuyNow: isBuyNow ? 1 : 0, productId, size_id, color_id, unit_id };
  const res = await prepared(db, "cart lines of product", values, (p) => {
    let q = db
      .selectFrom("carts")
      .selectAll()
      .where("user_id", "=", p.userId)
      .where("is_buy_now", "=", p.isBuyNow)
      .where("product_id", "=", p.productId);
    for (const c of ["size_id", "color_id", "unit_id"] as const) {
      if (variant[c] !== undefined) q = q.where(c, "=", p[c]);
    }
    return q.orderBy("id");
  });
  return res.rows;
}

export async function insertLine(
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
  const res = await prepared(db, "cart insert", row, (p) => db.insertInto("carts").values(p).returning("id"));
  return Number(res.rows[0]?.id);
}

export async function updateLine(
  db: Q,
  id: number,
  set: { quantity?: number; unit_price_at_add?: number; sale_quantity_at_add?: number },
) {
  const { quantity, unit_price_at_add, sale_quantity_at_add } = set;
  await prepared(db, "cart update", { id, quantity, unit_price_at_add, sale_quantity_at_add }, (p) =>
    db
      .updateTable("carts")
      .set({
        ...(quantity !== undefined && { quantity: p.quantity }),
        ...(unit_price_at_add !== undefined && { unit_price_at_add: p.unit_price_at_add }),
        ...(sale_quantity_at_add !== undefined && { sale_quantity_at_add: p.sale_quantity_at_add }),
      })
      .where("id", "=", p.id),
  );
}

export async function deleteLine(db: Q, id: number) {
  await prepared(db, "cart delete", { id }, (p) => db.deleteFrom("carts").where("id", "=", p.id));
}

/** The main cart's lines, oldest first: what another cart takes over. */
export function mainCartLines(db: Q, userId: number) {
  return db
    .selectFrom("carts")
    .select(["product_id", "size_id", "color_id", "quantity"])
    .where("user_id", "=", userId)
    .where("is_buy_now", "=", 0)
    .orderBy("id")
    .execute();
}

export function deleteMainCart(db: Q, userId: number) {
  return db.deleteFrom("carts").where("user_id", "=", userId).where("is_buy_now", "=", 0).execute();
}

export async function mainCartLineCount(db: Q, userId: number) {
  return countRows(db.selectFrom("carts").where("user_id", "=", userId).where("is_buy_now", "=", 0));
}

export function deleteBuyNow(db: Q, userId: number) {
  return db.deleteFrom("carts").where("user_id", "=", userId).where("is_buy_now", "=", 1).execute();
}

/**
 * Every line of a user's cart with its product (named in `locale`), shop, variant names, surcharges,
 * stock and VAT.
 */
export async function cartRows({ db, pg }: { db: Q; pg: boolean }, userId: number, isBuyNow: boolean, locale: string) {
  const res = await prepared(db, `cart rows ${locale}`, { userId, isBuyNow: isBuyNow ? 1 : 0 }, (p) =>
    db
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
        "s.is_open as shop_is_open",
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
      .where("c.user_id", "=", p.userId)
      .where("c.is_buy_now", "=", p.isBuyNow)
      .orderBy("c.id"),
  );
  return res.rows;
}
export type CartRow = Awaited<ReturnType<typeof cartRows>>[number];
