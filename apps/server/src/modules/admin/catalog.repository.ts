import { type Insertable, sql, type Updateable } from "kysely";
import type { Db } from "../../db/index.ts";
import { contains, countRows } from "../../db/queries.ts";
import type {
  BrandsTable,
  CategoriesTable,
  ColorsTable,
  SizesTable,
  SubCategoriesTable,
  UnitsTable,
} from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

// All SQL of the admin console's catalogue structure: categories, sub-categories, brands, units,
// sizes and colours, and the products that use them.

type Count = { n: number | string };
const countMap = <K>(rows: Array<{ k: K } & Count>) => new Map(rows.map((r) => [r.k, Number(r.n)]));

// ---- categories ----

export async function categoryPage(db: Db, page: PageWindow) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("categories")
      .selectAll()
      .orderBy("sort")
      .orderBy("id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(db.selectFrom("categories")),
  ]);
  return { rows, total };
}

export const categoryById = (db: Db, id: number) =>
  db.selectFrom("categories").selectAll().where("id", "=", id).executeTakeFirst();

export function subCategoriesOf(db: Db, categoryIds: number[]) {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("sub_categories")
    .selectAll()
    .where("category_id", "in", categoryIds)
    .orderBy("sort")
    .orderBy("id")
    .execute();
}

export const subCategoryById = (db: Db, id: number) =>
  db.selectFrom("sub_categories").selectAll().where("id", "=", id).executeTakeFirst();

/** Products filed under each category, published or not. */
export async function productsPerCategory(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("products")
    .select((eb) => ["category_id as k", eb.fn.countAll<number | string>().as("n")])
    .where("category_id", "in", ids)
    .groupBy("category_id")
    .execute();
  return countMap(rows);
}

export async function productsPerSubCategory(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("products")
    .select((eb) => ["sub_category_id as k", eb.fn.countAll<number | string>().as("n")])
    .where("sub_category_id", "in", ids)
    .groupBy("sub_category_id")
    .execute();
  return countMap(rows as Array<{ k: number } & Count>);
}

/** Whether another category (or another sub-category of the same category) has this name, in any case. */
export async function categoryNameTaken(db: Db, name: string, exceptId: number | null): Promise<boolean> {
  const row = await db
    .selectFrom("categories")
    .select("id")
    .where(sql<string>`lower(name)`, "=", name.toLowerCase())
    .$if(exceptId !== null, (q) => q.where("id", "<>", exceptId as number))
    .executeTakeFirst();
  return row !== undefined;
}

export async function subCategoryNameTaken(
  db: Db,
  categoryId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const row = await db
    .selectFrom("sub_categories")
    .select("id")
    .where("category_id", "=", categoryId)
    .where(sql<string>`lower(name)`, "=", name.toLowerCase())
    .$if(exceptId !== null, (q) => q.where("id", "<>", exceptId as number))
    .executeTakeFirst();
  return row !== undefined;
}

/** The slugs of a table that start with `base` (to pick a free one). */
export async function slugsLike(db: Db, table: "categories" | "sub_categories" | "brands", base: string) {
  const rows = await db
    .selectFrom(table)
    .select("slug")
    .where("slug", "like", `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    .execute();
  return new Set(rows.map((r) => r.slug));
}

export async function nextSort(db: Db, table: "categories" | "sub_categories", categoryId?: number) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>("sort").as("m"))
    .$if(categoryId !== undefined, (q) =>
      // only sub_categories has the column; the branch runs only for that table
      q.where(sql.ref("category_id"), "=", categoryId as number),
    )
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export async function insertCategory(db: Db, row: Insertable<CategoriesTable>): Promise<number> {
  const { id } = await db.insertInto("categories").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateCategory(db: Db, id: number, row: Updateable<CategoriesTable>): Promise<void> {
  await db.updateTable("categories").set(row).where("id", "=", id).execute();
}

export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.deleteFrom("sub_categories").where("category_id", "=", id).execute();
  await db.deleteFrom("categories").where("id", "=", id).execute();
}

export async function insertSubCategory(db: Db, row: Insertable<SubCategoriesTable>): Promise<number> {
  const { id } = await db.insertInto("sub_categories").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateSubCategory(db: Db, id: number, row: Updateable<SubCategoriesTable>): Promise<void> {
  await db.updateTable("sub_categories").set(row).where("id", "=", id).execute();
}

export async function deleteSubCategory(db: Db, id: number): Promise<void> {
  await db.deleteFrom("sub_categories").where("id", "=", id).execute();
}

/** The ids and sorts of a category's siblings (all categories, or the sub-categories of one), in their order. */
export function siblings(db: Db, table: "categories" | "sub_categories", categoryId?: number) {
  return db
    .selectFrom(table)
    .select(["id", "sort"])
    .$if(categoryId !== undefined, (q) => q.where(sql.ref("category_id"), "=", categoryId as number))
    .orderBy("sort")
    .orderBy("id")
    .execute();
}

export async function setSort(db: Db, table: "categories" | "sub_categories", id: number, sort: number) {
  await db.updateTable(table).set({ sort }).where("id", "=", id).execute();
}

/** Where the products of a category or sub-category are: the ids of its products. */
export type ProductScope = { categoryId: number; subIds: number[] } | { subCategoryId: number };

function scoped(db: Db, scope: ProductScope) {
  const q = db.selectFrom("products");
  if ("subCategoryId" in scope) return q.where("sub_category_id", "=", scope.subCategoryId);
  const { categoryId, subIds } = scope;
  return q.where((eb) =>
    subIds.length === 0
      ? eb("category_id", "=", categoryId)
      : eb.or([eb("category_id", "=", categoryId), eb("sub_category_id", "in", subIds)]),
  );
}

export async function productIdsIn(db: Db, scope: ProductScope): Promise<number[]> {
  const rows = await scoped(db, scope).select("id").orderBy("id").execute();
  return rows.map((r) => Number(r.id));
}

export const countProductsIn = (db: Db, scope: ProductScope) => countRows(scoped(db, scope));

/** Files the products of `scope` under another category (and sub-category, or none). */
export async function moveProducts(
  db: Db,
  scope: ProductScope,
  to: { categoryId: number; subCategoryId: number | null },
  now: string,
): Promise<void> {
  let q = db
    .updateTable("products")
    .set({ category_id: to.categoryId, sub_category_id: to.subCategoryId, updated_at: now });
  if ("subCategoryId" in scope) q = q.where("sub_category_id", "=", scope.subCategoryId);
  else {
    const { categoryId, subIds } = scope;
    q = q.where((eb) =>
      subIds.length === 0
        ? eb("category_id", "=", categoryId)
        : eb.or([eb("category_id", "=", categoryId), eb("sub_category_id", "in", subIds)]),
    );
  }
  await q.execute();
}

/** The ids of the products whose search row names this brand, category or sub-category. */
export async function productIdsWhere(
  db: Db,
  column: "brand_id" | "category_id" | "sub_category_id",
  id: number,
): Promise<number[]> {
  const rows = await db.selectFrom("products").select("id").where(column, "=", id).orderBy("id").execute();
  return rows.map((r) => Number(r.id));
}

/** The products that offer a size or a colour. */
export async function productIdsWithOption(db: Db, table: "sizes" | "colors", id: number): Promise<number[]> {
  const rows =
    table === "sizes"
      ? await db.selectFrom("product_sizes").select("product_id").where("size_id", "=", id).execute()
      : await db.selectFrom("product_colors").select("product_id").where("color_id", "=", id).execute();
  return rows.map((r) => Number(r.product_id));
}

// ---- brands, units, sizes, colours ----

export type OptionTable = "brands" | "units" | "sizes" | "colors";

const like = (search: string | undefined) => (search === undefined ? sql<boolean>`1 = 1` : contains("name", search));

export async function brandPage(db: Db, search: string | undefined, page: PageWindow) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("brands")
      .selectAll()
      .where(like(search))
      .orderBy("name")
      .orderBy("id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(db.selectFrom("brands").where(like(search))),
  ]);
  return { rows, total };
}

export async function unitPage(db: Db, search: string | undefined, page: PageWindow) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("units")
      .selectAll()
      .where(like(search))
      .orderBy("name")
      .orderBy("id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(db.selectFrom("units").where(like(search))),
  ]);
  return { rows, total };
}

export async function sizePage(db: Db, search: string | undefined, page: PageWindow) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("sizes")
      .selectAll()
      .where(like(search))
      .orderBy("sort")
      .orderBy("id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(db.selectFrom("sizes").where(like(search))),
  ]);
  return { rows, total };
}

export async function colorPage(db: Db, search: string | undefined, page: PageWindow) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("colors")
      .selectAll()
      .where(like(search))
      .orderBy("name")
      .orderBy("id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(db.selectFrom("colors").where(like(search))),
  ]);
  return { rows, total };
}

export const brandById = (db: Db, id: number) =>
  db.selectFrom("brands").selectAll().where("id", "=", id).executeTakeFirst();
export const unitById = (db: Db, id: number) =>
  db.selectFrom("units").selectAll().where("id", "=", id).executeTakeFirst();
export const sizeById = (db: Db, id: number) =>
  db.selectFrom("sizes").selectAll().where("id", "=", id).executeTakeFirst();
export const colorById = (db: Db, id: number) =>
  db.selectFrom("colors").selectAll().where("id", "=", id).executeTakeFirst();

export async function optionNameTaken(db: Db, table: OptionTable, name: string, exceptId: number | null) {
  const row = await db
    .selectFrom(table)
    .select("id")
    .where(sql<string>`lower(name)`, "=", name.toLowerCase())
    .$if(exceptId !== null, (q) => q.where("id", "<>", exceptId as number))
    .executeTakeFirst();
  return row !== undefined;
}

/** How many products use each option: brand and unit by column, size and colour by their option or variant rows. */
export async function productsUsing(db: Db, table: OptionTable, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  if (table === "brands" || table === "units") {
    const column = table === "brands" ? "brand_id" : "unit_id";
    const rows = await db
      .selectFrom("products")
      .select((eb) => [eb.ref(column).as("k"), eb.fn.countAll<number | string>().as("n")])
      .where(column, "in", ids)
      .groupBy(column)
      .execute();
    return countMap(rows as Array<{ k: number } & Count>);
  }
  const column = table === "sizes" ? "size_id" : "color_id";
  const link =
    table === "sizes"
      ? db.selectFrom("product_sizes").select(["size_id as k", "product_id"]).where("size_id", "in", ids)
      : db.selectFrom("product_colors").select(["color_id as k", "product_id"]).where("color_id", "in", ids);
  const variants = db
    .selectFrom("product_variants")
    .select((eb) => [eb.ref(column).as("k"), "product_id"])
    .where(column, "in", ids);
  const rows = await db
    .selectFrom(link.union(variants).as("u"))
    .select((eb) => ["u.k", eb.fn.count<number | string>("u.product_id").distinct().as("n")])
    .groupBy("u.k")
    .execute();
  return countMap(rows as Array<{ k: number } & Count>);
}

export async function insertBrand(db: Db, row: Insertable<BrandsTable>): Promise<number> {
  const { id } = await db.insertInto("brands").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(id);
}
export async function updateBrand(db: Db, id: number, row: Updateable<BrandsTable>): Promise<void> {
  await db.updateTable("brands").set(row).where("id", "=", id).execute();
}
export async function insertUnit(db: Db, row: Insertable<UnitsTable>): Promise<number> {
  const { id } = await db.insertInto("units").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(id);
}
export async function updateUnit(db: Db, id: number, row: Updateable<UnitsTable>): Promise<void> {
  await db.updateTable("units").set(row).where("id", "=", id).execute();
}
export async function insertSize(db: Db, row: Insertable<SizesTable>): Promise<number> {
  const { id } = await db.insertInto("sizes").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(id);
}
export async function updateSize(db: Db, id: number, row: Updateable<SizesTable>): Promise<void> {
  await db.updateTable("sizes").set(row).where("id", "=", id).execute();
}
export async function insertColor(db: Db, row: Insertable<ColorsTable>): Promise<number> {
  const { id } = await db.insertInto("colors").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(id);
}
export async function updateColor(db: Db, id: number, row: Updateable<ColorsTable>): Promise<void> {
  await db.updateTable("colors").set(row).where("id", "=", id).execute();
}

export async function nextSizeSort(db: Db): Promise<number> {
  const row = await db
    .selectFrom("sizes")
    .select((eb) => eb.fn.max<number | null>("sort").as("m"))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export async function deleteOption(db: Db, table: OptionTable, id: number): Promise<void> {
  await db.deleteFrom(table).where("id", "=", id).execute();
}
