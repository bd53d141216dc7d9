import type { Db } from "../../db/index.ts";

// The reads behind the CSV export and the import's preview; the import itself saves through the
// products service (one way to save a product).

/** The marketplace's lists a CSV names by name, and the shipped languages. */
export async function referenceLists(db: Db) {
  const [categories, subCategories, brands, units, vatTaxes, sizes, colors, languages] = await Promise.all([
    db.selectFrom("categories").select(["id", "name"]).orderBy("id").execute(),
    db.selectFrom("sub_categories").select(["id", "category_id", "name"]).orderBy("id").execute(),
    db.selectFrom("brands").select(["id", "name"]).orderBy("id").execute(),
    db.selectFrom("units").select(["id", "name"]).orderBy("id").execute(),
    db.selectFrom("vat_taxes").select(["id", "name"]).orderBy("id").execute(),
    db.selectFrom("sizes").select(["id", "name", "sort"]).orderBy("sort").orderBy("id").execute(),
    db.selectFrom("colors").select(["id", "name"]).orderBy("id").execute(),
    db.selectFrom("languages").select(["locale", "is_default"]).orderBy("sort").orderBy("id").execute(),
  ]);
  return { categories, subCategories, brands, units, vatTaxes, sizes, colors, languages };
}
export type ReferenceLists = Awaited<ReturnType<typeof referenceLists>>;

/** Every product of a shop with its options, variants and images, by product id. */
export async function shopCatalogue(db: Db, shopId: number) {
  const ofShop = db.selectFrom("products").select("id").where("shop_id", "=", shopId);
  const [products, sizes, colors, variants, images] = await Promise.all([
    db
      .selectFrom("products")
      .select([
        "id",
        "slug",
        "name",
        "short_description",
        "description",
        "category_id",
        "sub_category_id",
        "brand_id",
        "unit_id",
        "vat_tax_id",
        "price",
        "discount_price",
        "is_active",
        "meta_title",
        "meta_description",
        "thumbnail",
        "i18n",
      ])
      .where("shop_id", "=", shopId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("product_sizes")
      .select(["product_id", "size_id", "price"])
      .where("product_id", "in", ofShop)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("product_colors")
      .select(["product_id", "color_id", "price"])
      .where("product_id", "in", ofShop)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("product_variants")
      .select(["product_id", "size_id", "color_id", "stock", "sku"])
      .where("product_id", "in", ofShop)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("product_images")
      .select(["product_id", "url"])
      .where("product_id", "in", ofShop)
      .orderBy("product_id")
      .orderBy("sort")
      .orderBy("id")
      .execute(),
  ]);
  return { products, sizes, colors, variants, images };
}
export type ShopCatalogue = Awaited<ReturnType<typeof shopCatalogue>>;

const CHUNK = 500;

/** Which of these handles (slugs) name a product of another shop. */
export async function handlesOfOtherShops(db: Db, shopId: number, handles: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < handles.length; i += CHUNK) {
    const rows = await db
      .selectFrom("products")
      .select("slug")
      .where("shop_id", "<>", shopId)
      .where("slug", "in", handles.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) taken.add(r.slug);
  }
  return taken;
}

/** Gives a product the CSV's handle as its slug (the save names new products after their name). */
export async function setSlug(trx: Db, productId: number, slug: string): Promise<void> {
  await trx.updateTable("products").set({ slug }).where("id", "=", productId).where("slug", "<>", slug).execute();
}
