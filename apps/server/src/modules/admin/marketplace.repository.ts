import type { ProductModeration } from "@market/contract";
import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import { listedFlag } from "../../db/listing.ts";
import { contains, countRows } from "../../db/queries.ts";
import type { Database, FlashSalesTable } from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";
import { phoneSearchText } from "../../lib/phone-number.ts";

// The admin console's marketplace SQL: every product, users, flash sales and their entries, the
// audit log. Functions take the Kysely instance or a transaction first.
type Q = Kysely<Database>;

// ---- products ----

function productsOf(db: Q, f: { search?: string | undefined; moderation?: ProductModeration | undefined }) {
  let q = db.selectFrom("products as p").innerJoin("shops as s", "s.id", "p.shop_id");
  if (f.moderation) q = q.where("p.moderation", "=", f.moderation);
  const search = f.search;
  if (search) q = q.where(sql<boolean>`(${contains("p.name", search)} or ${contains("s.name", search)})`);
  return q;
}

const productColumns = [
  "p.id",
  "p.name",
  "p.thumbnail",
  "p.price",
  "p.is_active",
  "p.moderation",
  "p.moderation_reason",
  "p.created_at",
  "p.updated_at",
  "s.id as shop_id",
  "s.name as shop_name",
  "s.status as shop_status",
] as const;

/** A page of every shop's products, the last changed first. */
export async function productPage(
  db: Q,
  f: { search?: string | undefined; moderation?: ProductModeration | undefined },
  page: PageWindow,
) {
  const base = productsOf(db, f);
  const [rows, total] = await Promise.all([
    base
      .select(productColumns)
      .select(listedFlag("p").as("listed"))
      .orderBy(sql`coalesce(p.updated_at, p.created_at)`, "desc")
      .orderBy("p.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(base),
  ]);
  return { rows, total };
}
export type AdminProductRow = Awaited<ReturnType<typeof productPage>>["rows"][number];

export function productById(db: Q, id: number) {
  return productsOf(db, {})
    .select(productColumns)
    .select(listedFlag("p").as("listed"))
    .where("p.id", "=", id)
    .executeTakeFirst();
}

/** A product's texts, category, brand, images and variants as its seller saved them, for the moderator's preview. */
export async function productPreview(db: Q, id: number) {
  const product = await productsOf(db, {})
    .innerJoin("categories as c", "c.id", "p.category_id")
    .leftJoin("sub_categories as sc", "sc.id", "p.sub_category_id")
    .leftJoin("brands as b", "b.id", "p.brand_id")
    .select(productColumns)
    .select(listedFlag("p").as("listed"))
    .select([
      "p.discount_price",
      "p.short_description",
      "p.description",
      "p.i18n",
      "c.name as category_name",
      "c.i18n as category_i18n",
      "sc.name as sub_category_name",
      "sc.i18n as sub_category_i18n",
      "b.name as brand_name",
    ])
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (!product) return undefined;
  const [images, variants] = await Promise.all([
    db.selectFrom("product_images").select("url").where("product_id", "=", id).orderBy("sort").orderBy("id").execute(),
    db
      .selectFrom("product_variants as v")
      .leftJoin("sizes as z", "z.id", "v.size_id")
      .leftJoin("colors as k", "k.id", "v.color_id")
      .select(["v.stock", "v.sku", "z.name as size", "k.name as color", "k.i18n as color_i18n"])
      .where("v.product_id", "=", id)
      .orderBy("z.sort")
      .orderBy("z.id")
      .orderBy("k.id")
      .execute(),
  ]);
  return { product, images: images.map((i) => i.url), variants };
}

export const pendingCount = (db: Q) => countRows(db.selectFrom("products").where("moderation", "=", "pending"));

export async function setModeration(db: Q, id: number, moderation: ProductModeration, reason: string | null) {
  await db.updateTable("products").set({ moderation, moderation_reason: reason }).where("id", "=", id).execute();
}

// ---- users ----

const userColumns = [
  "id",
  "name",
  "erased_at",
  "email",
  "phone",
  "phone_code",
  "role",
  "is_guest",
  "blocked_at",
  "verified_at",
  "created_at",
] as const;

export async function userPage(
  db: Q,
  f: { search?: string | undefined; role?: "customer" | "seller" | "admin" | undefined; blocked?: boolean | undefined },
  page: PageWindow,
) {
  let q = db.selectFrom("users");
  if (f.role) q = q.where("role", "=", f.role);
  if (f.blocked !== undefined) q = q.where("blocked_at", f.blocked ? "is not" : "is", null);
  const search = f.search;
  if (search)
    q = q.where(
      sql<boolean>`(${contains("name", search)} or ${contains("email", search)} or ${contains("phone", phoneSearchText(search))})`,
    );
  const [rows, total] = await Promise.all([
    q.select(userColumns).orderBy("id", "desc").limit(page.limit).offset(page.offset).execute(),
    countRows(q),
  ]);
  return { rows, total };
}

// ---- flash sales ----

/** Entries and sold units of each sale. */
const saleWithCounts = (db: Q) =>
  db
    .selectFrom("flash_sales as f")
    .selectAll("f")
    .select((eb) => [
      eb
        .selectFrom("flash_sale_items as i")
        .whereRef("i.flash_sale_id", "=", "f.id")
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .as("entries"),
      eb
        .selectFrom("flash_sale_items as i")
        .whereRef("i.flash_sale_id", "=", "f.id")
        .select((e) => e.fn.coalesce(e.fn.sum<number | string>("i.sold"), sql<number>`0`).as("n"))
        .as("sold"),
    ]);

export async function flashSalePage(db: Q, page: PageWindow) {
  const [rows, total] = await Promise.all([
    saleWithCounts(db)
      .orderBy("f.start_date", "desc")
      .orderBy("f.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(db.selectFrom("flash_sales")),
  ]);
  return { rows, total };
}
export type FlashSaleRow = Awaited<ReturnType<typeof flashSalePage>>["rows"][number];

export const flashSaleById = (db: Q, id: number) => saleWithCounts(db).where("f.id", "=", id).executeTakeFirst();

export async function insertFlashSale(db: Q, row: Insertable<FlashSalesTable>): Promise<number> {
  const r = await db.insertInto("flash_sales").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateFlashSale(db: Q, id: number, patch: Updateable<FlashSalesTable>) {
  await db.updateTable("flash_sales").set(patch).where("id", "=", id).execute();
}

/** Whether any entry of the sale sold a unit or is named by an order line (the orders' history keeps it). */
export async function saleHasSales(db: Q, saleId: number): Promise<boolean> {
  const sold = await db
    .selectFrom("flash_sale_items as i")
    .select("i.id")
    .where("i.flash_sale_id", "=", saleId)
    .where((eb) =>
      eb.or([
        eb("i.sold", ">", 0),
        eb.exists(eb.selectFrom("order_products as op").select("op.id").whereRef("op.flash_sale_item_id", "=", "i.id")),
      ]),
    )
    .executeTakeFirst();
  return sold !== undefined;
}

/** Deletes a sale and its entries (the caller checked `saleHasSales` in the same transaction). */
export async function deleteFlashSale(db: Q, id: number): Promise<void> {
  await db.deleteFrom("flash_sale_items").where("flash_sale_id", "=", id).execute();
  await db.deleteFrom("flash_sales").where("id", "=", id).execute();
}

const entryQuery = (db: Q) =>
  db
    .selectFrom("flash_sale_items as i")
    .innerJoin("products as p", "p.id", "i.product_id")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .select([
      "i.id",
      "i.flash_sale_id",
      "i.sale_price",
      "i.quantity",
      "i.sold",
      "p.id as product_id",
      "p.name as product_name",
      "p.thumbnail as product_thumbnail",
      "s.id as shop_id",
      "s.name as shop_name",
    ]);

export async function entryPage(db: Q, saleId: number, page: PageWindow) {
  const [rows, total] = await Promise.all([
    entryQuery(db)
      .where("i.flash_sale_id", "=", saleId)
      .orderBy("s.name")
      .orderBy("i.id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(db.selectFrom("flash_sale_items").where("flash_sale_id", "=", saleId)),
  ]);
  return { rows, total };
}
export type EntryRow = Awaited<ReturnType<typeof entryPage>>["rows"][number];

export const entryById = (db: Q, saleId: number, id: number) =>
  entryQuery(db).where("i.flash_sale_id", "=", saleId).where("i.id", "=", id).executeTakeFirst();

/** Removes an entry that sold nothing (checked in the same statement); answers whether it did. */
export async function deleteUnsoldEntry(db: Q, saleId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom("flash_sale_items")
    .where("id", "=", id)
    .where("flash_sale_id", "=", saleId)
    .where("sold", "=", 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("order_products as op")
            .select("op.id")
            .whereRef("op.flash_sale_item_id", "=", "flash_sale_items.id"),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

// ---- the audit log ----

export interface AuditFilter {
  search?: string | undefined;
  entity?: string | undefined;
  adminId?: number | undefined;
  /** ISO bounds, from inclusive, to exclusive */
  from?: string | undefined;
  to?: string | undefined;
}

export async function auditPage(db: Q, f: AuditFilter, page: PageWindow) {
  let q = db.selectFrom("audit_log as a").innerJoin("users as u", "u.id", "a.user_id");
  if (f.entity) q = q.where("a.entity", "=", f.entity);
  if (f.adminId !== undefined) q = q.where("a.user_id", "=", f.adminId);
  if (f.from) q = q.where("a.created_at", ">=", f.from);
  if (f.to) q = q.where("a.created_at", "<", f.to);
  const search = f.search;
  if (search)
    q = q.where(
      sql<boolean>`(${contains("a.summary", search)} or ${contains("a.entity", search)} or ${contains("a.entity_id", search)} or ${contains("a.action", search)})`,
    );
  const [rows, total] = await Promise.all([
    q
      .select([
        "a.id",
        "a.created_at",
        "a.action",
        "a.entity",
        "a.entity_id",
        "a.summary",
        "a.before",
        "a.after",
        "u.id as admin_id",
        "u.name as admin_name",
      ])
      .orderBy("a.created_at", "desc")
      .orderBy("a.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(q),
  ]);
  return { rows, total };
}

/** The filters' choices: the entities and the admins the log names. */
export async function auditChoices(db: Q) {
  const [entities, admins] = await Promise.all([
    db.selectFrom("audit_log").select("entity").distinct().orderBy("entity").limit(100).execute(),
    db
      .selectFrom("users")
      .select(["id", "name"])
      .where("id", "in", (eb) => eb.selectFrom("audit_log").select("user_id").distinct())
      .orderBy("name")
      .limit(100)
      .execute(),
  ]);
  return { entities: entities.map((e) => e.entity), admins };
}

/** Locks a sale's entries until the transaction ends (PostgreSQL), as placing an order does. */
export async function lockSaleItems(db: Q, saleId: number): Promise<void> {
  await db.selectFrom("flash_sale_items").select("id").where("flash_sale_id", "=", saleId).forUpdate().execute();
}
