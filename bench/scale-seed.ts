// The scale data set of `npm run bench:scale`, written on top of the demo seed: 50 shops, 10,000
// products (with variants, colours, images and search index rows), 10,000 shoppers, 100,000 orders
// with their payments and lines, and 20,000 reviews. Rows go in as multi-row INSERTs, a batch per
// statement and many statements per transaction, which is what makes 100k orders take seconds.
import type { Insertable, Kysely } from "kysely";
import { sql } from "kysely";
import type { DbHandle } from "../apps/server/src/db/index.ts";
import type { Database } from "../apps/server/src/db/schema.ts";
import { documents, insertDocuments } from "../apps/server/src/db/search-index.ts";
import { ADJECTIVES, CATEGORIES, REVIEW_COMMENTS, type Words } from "../apps/server/src/db/seed/catalog-data.ts";
import { prng } from "../apps/server/src/db/seed/prng.ts";
import { i18n } from "../apps/server/src/db/seed/site-data.ts";

export const SCALE = { shops: 50, products: 10_000, shoppers: 10_000, orders: 100_000, reviews: 20_000 };
/** The shopper whose order history is measured: the first scale shopper gets this many orders. */
export const HISTORY_SHOPPER = { email: "scale-shopper-1@example.com", orders: 60 };

const BATCH = 1000;
const DAY_MS = 86_400_000;
const BASE_MS = Date.UTC(2025, 5, 1, 9, 0, 0);
const CURRENCY = JSON.stringify({ name: "USD", symbol: "$", position: "prefix", decimals: 2 });
const ADDRESS = JSON.stringify({
  name: "Scale Shopper",
  phone: "5580000000",
  area: "Midtown",
  flat_no: null,
  post_code: "10018",
  address_line: "350 Fifth Avenue",
  address_line2: null,
  address_type: "home",
  latitude: null,
  longitude: null,
});
const STATUSES = ["Pending", "Confirm", "Processing", "Pickup", "On The Way", "Delivered", "Cancelled"] as const;

type Row<T extends keyof Database> = Insertable<Database[T]>;
type AnyTables = Kysely<Record<string, Record<string, unknown>>>;
export type Progress = (label: string, done: number, total: number) => void;

const iso = (ms: number) => new Date(ms).toISOString();

/** Inserts rows a batch per statement; answers the new ids in order when `ids` is asked. */
async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Row<T>[],
  ids = false,
): Promise<number[]> {
  const out: number[] = [];
  // A batch stays under SQLite's 32,766 bound parameters.
  const size = Math.min(BATCH, Math.floor(30_000 / Math.max(1, Object.keys(rows[0] ?? {}).length)));
  for (let i = 0; i < rows.length; i += size) {
    const q = (db as unknown as AnyTables).insertInto(table).values(rows.slice(i, i + size));
    if (!ids) await q.execute();
    else out.push(...(await q.returning("id").execute()).map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return out;
}

/** Writes the scale rows into a migrated, demo-seeded database. */
export async function seedScale(dbh: DbHandle, progress: Progress): Promise<void> {
  const { db, pg } = dbh;
  const rnd = prng(18_002);
  const passwordHash = (
    await db
      .selectFrom("users")
      .select("password_hash")
      .where("email", "=", "shopper@example.com")
      .executeTakeFirstOrThrow()
  ).password_hash;
  const created_at = iso(BASE_MS - 400 * DAY_MS);
  const user = { password_hash: passwordHash, created_at, verified_at: created_at, country: "United States" };

  // Shops and their owners, up to 50 shops.
  const existingShops = await db.selectFrom("shops").select("id").orderBy("id").execute();
  const newShops = SCALE.shops - existingShops.length;
  const ownerIds = await db.transaction().execute((trx) =>
    insertRows(
      trx,
      "users",
      Array.from({ length: newShops }, (_, i) => ({
        ...user,
        name: `Scale Owner ${i + 1}`,
        email: `scale-owner-${i + 1}@example.com`,
        phone: `5570${String(i + 1).padStart(6, "0")}`,
        phone_code: "+1",
        role: "seller" as const,
      })),
      true,
    ),
  );
  const scaleShopIds = await db.transaction().execute((trx) =>
    insertRows(
      trx,
      "shops",
      ownerIds.map((user_id, i) => ({
        user_id,
        name: `Scale Shop ${i + 1}`,
        slug: `scale-shop-${i + 1}`,
        prefix: `SC${i + 1}`,
        logo: "/images/placeholder.png",
        banner: "/images/placeholder.png",
        estimated_delivery_time: "2-4 days",
        delivery_charge: 500,
        created_at,
      })),
      true,
    ),
  );
  const shopIds = [...existingShops.map((s) => Number(s.id)), ...scaleShopIds];

  // Shoppers.
  const shopperIds: number[] = [];
  for (let i = 0; i < SCALE.shoppers; i += BATCH * 5) {
    const rows = Array.from({ length: Math.min(BATCH * 5, SCALE.shoppers - i) }, (_, k) => {
      const n = i + k + 1;
      return {
        ...user,
        name: `Scale Shopper ${n}`,
        email: `scale-shopper-${n}@example.com`,
        phone: `5580${String(n).padStart(6, "0")}`,
        phone_code: "+1",
        role: "customer" as const,
      };
    });
    shopperIds.push(...(await db.transaction().execute((trx) => insertRows(trx, "users", rows, true))));
    progress("shoppers", shopperIds.length, SCALE.shoppers);
  }

  // Products: names from the demo's word lists, in the demo's sub-categories, spread over every shop.
  const subs = await db.selectFrom("sub_categories").select(["id", "category_id"]).orderBy("id").execute();
  const subSeeds = CATEGORIES.flatMap((c) => c.subs);
  const colorIds = (await db.selectFrom("colors").select("id").orderBy("id").execute()).map((c) => Number(c.id));
  const existingProducts = Number(
    (
      await db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const newProducts = SCALE.products - existingProducts;
  const productIds: number[] = [];
  const prices: number[] = [];
  for (let i = 0; i < newProducts; i += BATCH) {
    const drafts = Array.from({ length: Math.min(BATCH, newProducts - i) }, (_, k) => {
      const n = i + k + 1;
      const s = rnd.int(0, subs.length - 1);
      const seed = subSeeds[s % subSeeds.length];
      const noun = (seed ? rnd.pick(seed.nouns) : ["Item", "غرض", "Article"]) as Words;
      const adj = rnd.pick(ADJECTIVES);
      const name: Words = [`${adj[0]} ${noun[0]} ${n}`, `${noun[1]} ${adj[1]} ${n}`, `${noun[2]} ${adj[2]} ${n}`];
      const [lo, hi] = seed?.price ?? [5, 200];
      const price = rnd.int(lo, hi) * 100 - 1;
      const discounted = rnd.next() < 0.3;
      const total_reviews = 0;
      return {
        colors: seed?.colors ? [rnd.pick(colorIds), rnd.pick(colorIds)].filter((c, j, a) => a.indexOf(c) === j) : [],
        row: {
          shop_id: shopIds[n % shopIds.length] as number,
          category_id: Number(subs[s]?.category_id),
          sub_category_id: Number(subs[s]?.id),
          name: name[0],
          slug: `scale-${n}`,
          short_description: `${name[0]}, a scale benchmark product.`,
          description: `<p>${name[0]} from the ${seed?.name[0] ?? "catalogue"} range.</p>`,
          thumbnail: "/images/placeholder.png",
          price,
          discount_price: discounted ? Math.max(99, Math.round(price * 0.8)) : 0,
          total_reviews,
          total_sold: rnd.int(0, 2000),
          views: rnd.int(0, 20_000),
          is_active: rnd.next() < 0.97 ? 1 : 0,
          created_at: iso(BASE_MS - rnd.int(0, 365) * DAY_MS - rnd.int(0, 86_000) * 1000),
          i18n: i18n({ name }),
        } satisfies Row<"products">,
      };
    });
    await db.transaction().execute(async (trx) => {
      const ids = await insertRows(
        trx,
        "products",
        drafts.map((d) => d.row),
        true,
      );
      const colors: Row<"product_colors">[] = [];
      const variants: Row<"product_variants">[] = [];
      drafts.forEach((d, k) => {
        const product_id = ids[k] as number;
        for (const color_id of d.colors) colors.push({ product_id, color_id });
        for (const color_id of d.colors.length ? d.colors : [0]) {
          variants.push({ product_id, color_id, size_id: 0, stock: rnd.next() < 0.05 ? 0 : rnd.int(1, 100) });
        }
      });
      await insertRows(trx, "product_colors", colors);
      await insertRows(trx, "product_variants", variants);
      await insertRows(
        trx,
        "product_images",
        ids.map((product_id) => ({ product_id, url: "/images/placeholder.png", sort: 0 })),
      );
      // The search index rows, written by the module the catalogue itself uses.
      await insertDocuments(trx, pg, await documents(trx, ids));
      productIds.push(...ids);
      prices.push(...drafts.map((d) => d.row.discount_price || d.row.price));
    });
    progress("products", productIds.length, newProducts);
  }

  // Orders, each with a payment and one to three lines. The first shopper gets a long history.
  const productShop = new Map<number, number>();
  for (const [k, id] of productIds.entries()) productShop.set(id, shopIds[(k + 1) % shopIds.length] as number);
  const prefixes = new Map(
    (await db.selectFrom("shops").select(["id", "prefix"]).execute()).map((s) => [Number(s.id), s.prefix]),
  );
  let ordered = 0;
  while (ordered < SCALE.orders) {
    const count = Math.min(BATCH, SCALE.orders - ordered);
    const plans = Array.from({ length: count }, (_, k) => {
      const n = ordered + k;
      const user_id = (n < HISTORY_SHOPPER.orders ? shopperIds[0] : rnd.pick(shopperIds)) as number;
      const first = rnd.int(0, productIds.length - 1);
      const lines = Array.from({ length: rnd.int(1, 3) }, (_, j) => {
        // Lines of one order come from one shop: neighbouring products of the same shop.
        const next = first + j * shopIds.length;
        const idx = next < productIds.length ? next : first - j * shopIds.length;
        return { product_id: productIds[idx] as number, price: prices[idx] as number, quantity: rnd.int(1, 3) };
      });
      const shop_id = productShop.get(lines[0]?.product_id as number) as number;
      const total = lines.reduce((s, l) => s + l.price * l.quantity, 0);
      const placed = BASE_MS - rnd.int(0, 365) * DAY_MS - rnd.int(0, 86_000) * 1000;
      const status = rnd.pick(STATUSES);
      const paid = status === "Delivered" || rnd.next() < 0.4;
      return { user_id, shop_id, lines, total, placed, status, paid };
    });
    await db.transaction().execute(async (trx) => {
      const paymentIds = await insertRows(
        trx,
        "payments",
        plans.map((p) => ({
          user_id: p.user_id,
          method: "cash",
          status: p.paid ? ("Paid" as const) : ("Pending" as const),
          amount: p.total + 500,
          paid_at: p.paid ? iso(p.placed + DAY_MS) : null,
          created_at: iso(p.placed),
        })),
        true,
      );
      // Order codes need the id; the next ids are known because this transaction holds the writes.
      const last = await trx
        .selectFrom("orders")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirst();
      const base = Number(last?.id ?? 0);
      const orderIds = await insertRows(
        trx,
        "orders",
        plans.map((p, k) => ({
          user_id: p.user_id,
          shop_id: p.shop_id,
          payment_id: paymentIds[k] as number,
          order_code: `#${prefixes.get(p.shop_id) ?? "SC"}${String(base + k + 1).padStart(6, "0")}`,
          order_status: p.status,
          payment_status: p.paid ? ("Paid" as const) : ("Pending" as const),
          payment_method: "cash",
          quantity: p.lines.reduce((s, l) => s + l.quantity, 0),
          total_amount: p.total,
          discount: 0,
          coupon_id: null,
          coupon_discount: 0,
          delivery_charge: 500,
          tax_amount: 0,
          payable_amount: p.total + 500,
          currency: CURRENCY,
          note: null,
          address: ADDRESS,
          estimated_delivery_date: iso(p.placed + 4 * DAY_MS).slice(0, 10),
          created_at: iso(p.placed),
          updated_at: iso(p.placed + DAY_MS),
          contact_email: null,
          contact_phone: null,
        })),
        true,
      );
      await insertRows(
        trx,
        "order_products",
        plans.flatMap((p, k) =>
          p.lines.map((l) => ({
            order_id: orderIds[k] as number,
            product_id: l.product_id,
            name: `Product ${l.product_id}`,
            size_name: null,
            color_name: null,
            color_code: null,
            unit_name: null,
            regular_price: l.price,
            price: l.price,
            quantity: l.quantity,
          })),
        ),
      );
    });
    ordered += count;
    progress("orders", ordered, SCALE.orders);
  }

  // Reviews by shoppers, then the products' rating and review count from them.
  let reviewed = 0;
  while (reviewed < SCALE.reviews) {
    const count = Math.min(BATCH * 5, SCALE.reviews - reviewed);
    const rows = Array.from({ length: count }, () => {
      const rating = rnd.pick([5, 5, 5, 4, 4, 3, 2, 1]);
      return {
        product_id: rnd.pick(productIds),
        user_id: rnd.pick(shopperIds),
        rating,
        comment: rnd.pick(REVIEW_COMMENTS[rating] ?? ["Fine."]),
        created_at: iso(BASE_MS - rnd.int(0, 365) * DAY_MS),
      };
    });
    await db.transaction().execute((trx) => insertRows(trx, "reviews", rows));
    reviewed += count;
    progress("reviews", reviewed, SCALE.reviews);
  }
  await sql`update products set
    total_reviews = (select count(*) from reviews r where r.product_id = products.id),
    rating = coalesce((select avg(r.rating) from reviews r where r.product_id = products.id), 0)
    where id >= ${productIds[0] ?? 0}`.execute(db);
  // Fresh statistics, as a database that grew to this size would have; on PostgreSQL also the
  // visibility map autovacuum keeps, without which no index-only scan skips the table's rows.
  await (pg ? sql`vacuum analyze` : sql`analyze`).execute(db);
}

/** A one-line progress bar on stderr. */
export const progressBar: Progress = (label, done, total) => {
  const width = 30;
  // Every 5 %: the bar is also readable when stderr goes to a log file.
  if (done < total && Math.floor((done / total) * 20) === Math.floor(((done - BATCH) / total) * 20)) return;
  const filled = Math.round((done / total) * width);
  const pct = Math.floor((done / total) * 100);
  process.stderr.write(
    `\r  ${label.padEnd(9)} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(pct).padStart(3)}% ${done.toLocaleString("en")}/${total.toLocaleString("en")}${done >= total ? "\n" : ""}`,
  );
};
