import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import { clock } from "../../lib/clock.ts";
import { hashPassword } from "../../lib/password.ts";
import { rebuildSearchIndex } from "../../modules/catalog/search.ts";
import { type DbHandle, migrate } from "../index.ts";
import type { Database } from "../schema.ts";
import {
  ADJECTIVES,
  BRANDS,
  CATEGORIES,
  CLOTHING_SIZES,
  COLORS,
  REVIEW_COMMENTS,
  REVIEWERS,
  SHOE_SIZES,
  SHOPS,
  SIZE_SURCHARGE,
  UNITS,
  VAT_TAXES,
  type Words,
} from "./catalog-data.ts";
import { seedCoupons } from "./coupons.ts";
import { seedOrders } from "./orders.ts";
import { prng } from "./prng.ts";
import {
  APP_NAME,
  BANNERS,
  BLOG_CATEGORIES,
  BLOG_POSTS,
  blogBody,
  COUNTRIES,
  CURRENCIES,
  FLASH_SALES,
  FOOTERS,
  i18n,
  LANGUAGES,
  MENUS,
  media,
  PAGES,
  SETTINGS,
  SOCIAL_LINKS,
} from "./site-data.ts";
import { seedSupport } from "./support.ts";

/** Demo accounts' password, printed by `npm start` and listed in the README. */
export const DEMO_PASSWORD = "password";
/** Fixed reference date of the generated catalogue, so every run yields the same rows. */
const BASE_MS = Date.UTC(2025, 5, 1, 9, 0, 0);
const DAY_MS = 86_400_000;
const PRODUCTS_PER_SUB_CATEGORY = 7;
const OWNER_NAMES = [
  "Noah Carter",
  "Mia Lopez",
  "Ethan Brooks",
  "Zara Khan",
  "Oliver Grant",
  "Layla Nasser",
  "Hugo Bernard",
  "Grace Kim",
];

type Trx = Transaction<Database>;
type Row<T extends keyof Database> = Insertable<Database[T]>;

const iso = (ms: number) => new Date(ms).toISOString();
const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const initialsOf = (s: string) =>
  s
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .toUpperCase();

// Rows per statement stay under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
function chunks<T extends object>(rows: T[]): T[][] {
  const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
  const size = Math.max(1, Math.floor(30_000 / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

// The helpers take any table name, which Kysely cannot type generically; rows are typed at the call.
type AnyTables = Kysely<Record<string, { id: number } & Record<string, unknown>>>;

async function insertAll<T extends keyof Database & string>(trx: Trx, table: T, rows: Row<T>[]): Promise<void> {
  for (const chunk of chunks(rows)) await (trx as unknown as AnyTables).insertInto(table).values(chunk).execute();
}

/** Inserts rows and answers their ids in the order given (ids of one multi-row insert ascend). */
async function insertIds<T extends keyof Database & string>(trx: Trx, table: T, rows: Row<T>[]): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunks(rows)) {
    const got = await (trx as unknown as AnyTables).insertInto(table).values(chunk).returning("id").execute();
    ids.push(...got.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}

/** Fills an empty, migrated database with the demo marketplace. */
export async function seedDemo(dbh: DbHandle): Promise<void> {
  // One hash for every demo account: argon2id is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = clock.ms();
  await dbh.db.transaction().execute(async (trx) => {
    await seedSite(trx);
    const users = await seedUsers(trx, passwordHash);
    const catalog = await seedCatalog(trx, users);
    await seedFlashSalesAndBanners(trx, catalog.products, now);
    await seedContent(trx, users.admin);
    await seedCoupons(trx, now);
    await seedOrders(trx, now);
    await seedSupport(trx, now);
  });
  await rebuildSearchIndex(dbh);
}

/** Seeds only a database without settings (the first start); answers whether it seeded. */
export async function seedIfEmpty(dbh: DbHandle): Promise<boolean> {
  const row = await dbh.db
    .selectFrom("settings")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) return false;
  await seedDemo(dbh);
  return true;
}

/** Any fixed 64-bit number; instances of this app take turns on it (Kysely's migrator has its own). */
const PREPARE_LOCK_ID = 4_811_730_927_164_501n;

/**
 * At start: migrates, then seeds an empty database; answers whether it seeded. Instances that
 * start together on one PostgreSQL take turns under an advisory lock held by one connection, so
 * the second finds the work done instead of seeding again.
 */
export async function prepareDatabase(dbh: DbHandle): Promise<boolean> {
  const prepare = async () => {
    await migrate(dbh);
    return seedIfEmpty(dbh);
  };
  if (!dbh.pg) return prepare();
  return dbh.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${sql.lit(PREPARE_LOCK_ID)})`.execute(conn);
    try {
      return await prepare();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(PREPARE_LOCK_ID)})`.execute(conn);
    }
  });
}

async function seedSite(trx: Trx) {
  await insertAll(
    trx,
    "settings",
    Object.entries(SETTINGS).map(([key, value]) => ({ key, value: JSON.stringify(value) })),
  );
  // Interface texts come from the shipped locale files; `translations` holds only the console's.
  await insertAll(trx, "languages", LANGUAGES);
  await insertAll(trx, "currencies", CURRENCIES);
  await insertAll(
    trx,
    "countries",
    COUNTRIES.map(([name, code, phone_code]) => ({ name, code, phone_code })),
  );
  await insertAll(
    trx,
    "menus",
    MENUS.map((m, i) => ({
      name: m.name,
      title: m.title[0],
      url: m.url,
      target: m.external ? "_blank" : "_self",
      is_external: m.external ? 1 : 0,
      sort: i + 1,
      i18n: i18n({ title: m.title }),
    })),
  );
  const footerIds = await insertIds(
    trx,
    "footers",
    FOOTERS.map((f, i) => ({ title: f.title[0], sort: i + 1, i18n: i18n({ title: f.title }) })),
  );
  await insertAll(
    trx,
    "footer_items",
    FOOTERS.flatMap((f, gi) =>
      f.items.map((item, i) => ({
        footer_id: footerIds[gi] as number,
        type: item.type,
        title: item.title[0],
        url: item.url ?? null,
        target: item.type === "link" ? (item.external ? "_blank" : "_self") : null,
        sort: i + 1,
        i18n: i18n({ title: item.title }),
      })),
    ),
  );
  await insertAll(
    trx,
    "social_links",
    SOCIAL_LINKS.map((s, i) => ({ ...s, logo: media("social", slugify(s.name), s.name), sort: i + 1 })),
  );
  await insertAll(
    trx,
    "pages",
    PAGES.map((p) => ({
      slug: p.slug,
      title: p.title[0],
      body: p.body[0],
      i18n: i18n({ title: p.title, body: p.body }),
    })),
  );
}

interface SeededUsers {
  admin: number;
  owners: number[];
  reviewers: number[];
}

async function seedUsers(trx: Trx, password_hash: string): Promise<SeededUsers> {
  const created_at = iso(BASE_MS - 200 * DAY_MS);
  const base = { password_hash, created_at, verified_at: created_at, country: "United States", phone_code: "+1" };
  const rows: Row<"users">[] = [
    { ...base, name: `${APP_NAME} Admin`, email: "admin@example.com", phone: "5550100000", role: "admin" },
    {
      ...base,
      name: "Demo Shopper",
      email: "shopper@example.com",
      phone: "5550101234",
      role: "customer",
      profile_photo: media("avatar", "demo-shopper", "Demo Shopper"),
    },
    ...OWNER_NAMES.map((name, i) => ({
      ...base,
      name,
      email: `owner${i + 1}@example.com`,
      phone: `55501100${String(i + 1).padStart(2, "0")}`,
      role: "seller" as const,
      profile_photo: media("avatar", `owner${i + 1}`, name),
    })),
    ...REVIEWERS.map((name, i) => ({
      ...base,
      name,
      email: `reviewer${i + 1}@example.com`,
      phone: `55501200${String(i + 1).padStart(2, "0")}`,
      role: "customer" as const,
      profile_photo: media("avatar", `reviewer${i + 1}`, name),
    })),
  ];
  const ids = await insertIds(trx, "users", rows);
  return { admin: ids[0] as number, owners: ids.slice(2, 10), reviewers: ids.slice(10) };
}

/** A generated product's texts in [en, ar, fr], from its words' forms in each language. */
function productCopy(p: {
  name: Words;
  sub: Words;
  category: Words;
  brand: string | undefined;
  shop: (typeof SHOPS)[number];
}): Record<"name" | "short_description" | "description" | "meta_title", Words> {
  const { name, sub, category, brand, shop } = p;
  return {
    name,
    short_description: [
      `${name[0]}${brand ? ` by ${brand}` : ""}, sold by ${shop.name}.`,
      // Phrased without a verb or adjective, which would have to agree with the noun's gender.
      `${name[1]}${brand ? ` من إنتاج ${brand}` : ""}. البائع: متجر ${shop.name}.`,
      `${name[2]}${brand ? ` de la marque ${brand}` : ""}, en vente chez ${shop.name}.`,
    ],
    description: [
      `<p>The ${name[0].toLowerCase()} is a ${sub[0].toLowerCase()} favourite in our ${category[0]} collection.</p>` +
        `<ul><li>Carefully made and quality checked</li><li>Ships from ${shop.name} within ${shop.time}</li><li>Easy 7-day returns</li></ul>`,
      `<p>${name[1]}: من الخيارات المفضلة في قسم ${sub[1]} ضمن تشكيلة ${category[1]} لدينا.</p>` +
        `<ul><li>صناعة متقنة وجودة مفحوصة بعناية</li><li>الشحن من متجر ${shop.name} خلال ${shop.days[1]}</li><li>إرجاع سهل خلال 7 أيام</li></ul>`,
      `<p>${name[2]} : un incontournable de la catégorie ${sub[2]} de notre collection ${category[2]}.</p>` +
        `<ul><li>Fabrication soignée et qualité contrôlée</li><li>Expédition par ${shop.name} sous ${shop.days[2]}</li><li>Retours faciles sous 7 jours</li></ul>`,
    ],
    meta_title: [`${name[0]} | ${APP_NAME}`, `${name[1]} | ${APP_NAME}`, `${name[2]} | ${APP_NAME}`],
  };
}

interface SeededProduct {
  id: number;
  price: number;
  discount_price: number;
  inStock: boolean;
}

async function seedCatalog(trx: Trx, users: SeededUsers): Promise<{ products: SeededProduct[] }> {
  const rnd = prng(20_250_601);

  const shopIds = await insertIds(
    trx,
    "shops",
    SHOPS.map((s, i) => ({
      user_id: users.owners[i] as number,
      name: s.name,
      slug: slugify(s.name),
      prefix: initialsOf(s.name),
      logo: media("shop", slugify(s.name), s.name),
      banner: media("cover", slugify(s.name), s.name),
      description: s.about[0],
      i18n: i18n({ description: s.about }),
      address: s.city,
      delivery_charge: s.delivery,
      estimated_delivery_time: s.time,
      created_at: iso(BASE_MS - (300 - i * 20) * DAY_MS),
    })),
  );
  const brandIds = await insertIds(
    trx,
    "brands",
    BRANDS.map((name) => ({ name, slug: slugify(name), logo: media("brand", slugify(name), name) })),
  );
  const unitIds = await insertIds(
    trx,
    "units",
    UNITS.map((u) => ({ name: u[0], i18n: i18n({ name: u }) })),
  );
  const vatIds = await insertIds(
    trx,
    "vat_taxes",
    VAT_TAXES.map((v) => ({ name: v.names[0], rate_bp: v.rate_bp, i18n: i18n({ name: v.names }) })),
  );
  const sizeNames = [...CLOTHING_SIZES, ...SHOE_SIZES];
  const sizeIds = await insertIds(
    trx,
    "sizes",
    sizeNames.map((name, i) => ({ name, sort: i + 1 })),
  );
  const sizeId = new Map(sizeNames.map((n, i) => [n, sizeIds[i] as number]));
  const colorIds = await insertIds(
    trx,
    "colors",
    COLORS.map((c) => ({ name: c.name[0], color_code: c.code, i18n: i18n({ name: c.name }) })),
  );
  const categoryIds = await insertIds(
    trx,
    "categories",
    CATEGORIES.map((c, i) => ({
      name: c.name[0],
      slug: slugify(c.name[0]),
      thumbnail: media("category", slugify(c.name[0]), c.name[0]),
      sort: i + 1,
      i18n: i18n({ name: c.name }),
    })),
  );
  const subRows = CATEGORIES.flatMap((c, ci) =>
    c.subs.map((s, si) => ({
      category_id: categoryIds[ci] as number,
      name: s.name[0],
      slug: `${slugify(c.name[0])}-${slugify(s.name[0])}`,
      thumbnail: media("category", slugify(`${c.name[0]} ${s.name[0]}`), s.name[0]),
      sort: si + 1,
      i18n: i18n({ name: s.name }),
    })),
  );
  const subIds = await insertIds(trx, "sub_categories", subRows);

  // Generate products with everything that hangs off them, keyed by slug until ids exist.
  interface Draft {
    row: Row<"products">;
    sizes: Array<{ size_id: number; price: number }>;
    colors: Array<{ color_id: number; price: number }>;
    stock: number[]; // per size x colour, in order
    images: string[];
    reviews: Array<{ user_id: number; rating: number; comment: string; created_at: string }>;
    shopIndex: number;
  }
  const drafts: Draft[] = [];
  const names = new Set<string>();
  let subIndex = 0;
  CATEGORIES.forEach((cat, ci) => {
    cat.subs.forEach((sub, si) => {
      const subId = subIds[subIndex++] as number;
      for (let k = 0; k < PRODUCTS_PER_SUB_CATEGORY; k++) {
        const noun = sub.nouns[k % sub.nouns.length] as Words;
        let a = (k * 7 + si * 5 + ci) % ADJECTIVES.length;
        let adj = ADJECTIVES[a] as Words;
        while (noun[0].includes(adj[0]) || names.has(`${adj[0]} ${noun[0]}`)) {
          a = (a + 1) % ADJECTIVES.length;
          adj = ADJECTIVES[a] as Words;
        }
        const name = `${adj[0]} ${noun[0]}`;
        names.add(name);
        const slug = slugify(name);
        const shopIndex = cat.shops[k % 3 === 2 ? 1 : 0] as number;
        const brandIndex = rnd.next() < 0.08 ? -1 : rnd.pick(cat.brands);
        const price = rnd.int(sub.price[0], sub.price[1]) * 100 - 1;
        let discount_price = 0;
        if (rnd.next() < 0.3) {
          const pct = rnd.pick([10, 15, 20, 25, 30, 40]);
          discount_price = Math.max(99, Math.round((price * (100 - pct)) / 10_000) * 100 - 1);
          if (discount_price >= price) discount_price = 0;
        }
        const vat = rnd.next() < 0.1 ? null : (vatIds[cat.vat] ?? null);

        const sizes =
          sub.sizing === "clothing"
            ? CLOTHING_SIZES.slice(0, rnd.next() < 0.3 ? 5 : 4)
            : sub.sizing === "shoes"
              ? SHOE_SIZES.slice(rnd.int(0, 2)).slice(0, 5)
              : [];
        const colors = sub.colors ? rnd.shuffle(COLORS.map((_, i) => i)).slice(0, rnd.int(2, 4)) : [];
        const colorSurcharge = rnd.next() < 0.25 ? rnd.pick([100, 150, 250]) : 0;
        const soldOut = rnd.next() < 0.03;
        const variantCount = Math.max(1, sizes.length) * Math.max(1, colors.length);
        // Some sizes/colours run out; a few products are out of stock altogether.
        const stock = Array.from({ length: variantCount }, () =>
          soldOut || (variantCount > 1 && rnd.next() < 0.12) ? 0 : rnd.int(3, 60),
        );

        const imageCount = rnd.int(2, 4);
        const images = Array.from({ length: imageCount }, (_, i) => media("product", `${slug}-${i + 1}`, name));
        const reviewCount = rnd.next() < 0.15 ? 0 : rnd.int(1, REVIEWERS.length);
        const reviews = rnd
          .shuffle(users.reviewers)
          .slice(0, reviewCount)
          .map((user_id) => {
            const rating = rnd.pick([5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 2, 1]);
            return {
              user_id,
              rating,
              comment: rnd.pick(REVIEW_COMMENTS[rating] ?? []),
              created_at: iso(BASE_MS - rnd.int(1, 120) * DAY_MS - rnd.int(0, 86_000) * 1000),
            };
          });
        const ratingSum = reviews.reduce((s, r) => s + r.rating, 0);
        const total_sold = rnd.int(0, 800);
        const copy = productCopy({
          name: [name, `${noun[1]} ${adj[1]}`, `${noun[2]} ${adj[2]}`],
          sub: sub.name,
          category: cat.name,
          brand: brandIndex >= 0 ? BRANDS[brandIndex] : undefined,
          shop: SHOPS[shopIndex] as (typeof SHOPS)[number],
        });
        drafts.push({
          shopIndex,
          row: {
            shop_id: shopIds[shopIndex] as number,
            category_id: categoryIds[ci] as number,
            sub_category_id: subId,
            brand_id: brandIndex >= 0 ? (brandIds[brandIndex] as number) : null,
            unit_id: unitIds[sub.unit] as number,
            vat_tax_id: vat,
            name,
            slug,
            short_description: copy.short_description[0],
            description: copy.description[0],
            thumbnail: images[0] as string,
            price,
            discount_price,
            rating: reviews.length ? ratingSum / reviews.length : 0,
            total_reviews: reviews.length,
            total_sold,
            views: total_sold * rnd.int(2, 6) + rnd.int(20, 3000),
            is_active: 1,
            meta_title: copy.meta_title[0],
            meta_description: copy.short_description[0],
            created_at: iso(BASE_MS - rnd.int(0, 180) * DAY_MS - rnd.int(0, 86_000) * 1000),
            i18n: i18n({ ...copy, meta_description: copy.short_description }),
          },
          sizes: sizes.map((n) => ({ size_id: sizeId.get(n) as number, price: SIZE_SURCHARGE[n] ?? 0 })),
          colors: colors.map((c, i) => ({ color_id: colorIds[c] as number, price: i === 0 ? 0 : colorSurcharge })),
          stock,
          images,
          reviews,
        });
      }
    });
  });

  const productIds = await insertIds(
    trx,
    "products",
    drafts.map((d) => d.row),
  );
  const productSizes: Row<"product_sizes">[] = [];
  const productColors: Row<"product_colors">[] = [];
  const variants: Row<"product_variants">[] = [];
  const images: Row<"product_images">[] = [];
  const reviews: Row<"reviews">[] = [];
  const shopStats = SHOPS.map(() => ({ sum: 0, count: 0 }));
  drafts.forEach((d, i) => {
    const product_id = productIds[i] as number;
    for (const s of d.sizes) productSizes.push({ product_id, ...s });
    for (const c of d.colors) productColors.push({ product_id, ...c });
    const sizeList = d.sizes.length ? d.sizes.map((s) => s.size_id) : [0];
    const colorList = d.colors.length ? d.colors.map((c) => c.color_id) : [0];
    let v = 0;
    for (const size_id of sizeList) {
      for (const color_id of colorList) variants.push({ product_id, size_id, color_id, stock: d.stock[v++] ?? 0 });
    }
    for (const [sort, url] of d.images.entries()) images.push({ product_id, url, sort });
    for (const r of d.reviews) {
      reviews.push({ product_id, ...r });
      const stats = shopStats[d.shopIndex] as { sum: number; count: number };
      stats.sum += r.rating;
      stats.count++;
    }
  });
  await insertAll(trx, "product_sizes", productSizes);
  await insertAll(trx, "product_colors", productColors);
  await insertAll(trx, "product_variants", variants);
  await insertAll(trx, "product_images", images);
  await insertAll(trx, "reviews", reviews);
  for (const [i, s] of shopStats.entries()) {
    await trx
      .updateTable("shops")
      .set({ rating: s.count ? Math.round((s.sum / s.count) * 10) / 10 : 0, total_reviews: s.count })
      .where("id", "=", shopIds[i] as number)
      .execute();
  }
  return {
    products: drafts.map((d, i) => ({
      id: productIds[i] as number,
      price: d.row.price,
      discount_price: d.row.discount_price ?? 0,
      inStock: d.stock.some((n) => n > 0),
    })),
  };
}

/** The running sale started a day ago and ends in three; the incoming one starts in five days. */
async function seedFlashSalesAndBanners(trx: Trx, products: SeededProduct[], now: number) {
  const rnd = prng(7_331);
  const windows = [
    [now - DAY_MS, now + 3 * DAY_MS],
    [now + 5 * DAY_MS, now + 8 * DAY_MS],
  ] as const;
  const saleIds = await insertIds(
    trx,
    "flash_sales",
    FLASH_SALES.map((s, i) => ({
      name: s.name[0],
      thumbnail: media("flash", slugify(s.name[0]), s.name[0]),
      start_date: iso((windows[i] as readonly [number, number])[0]),
      end_date: iso((windows[i] as readonly [number, number])[1]),
      i18n: i18n({ name: s.name }),
    })),
  );
  const items: Row<"flash_sale_items">[] = [];
  saleIds.forEach((flash_sale_id, s) => {
    // Every 22nd product from a different offset: a dozen products across the categories.
    for (let i = s === 0 ? 3 : 14; i < products.length && items.length < (s + 1) * 12; i += 22) {
      let j = i;
      while (j < products.length - 1 && !(products[j] as SeededProduct).inStock) j++;
      const p = products[j] as SeededProduct;
      const current = p.discount_price > 0 ? p.discount_price : p.price;
      const quantity = rnd.int(20, 60);
      items.push({
        flash_sale_id,
        product_id: p.id,
        sale_price: Math.max(49, Math.round((current * 0.7) / 100) * 100 - 1),
        quantity,
        sold: s === 0 ? rnd.int(0, Math.floor(quantity / 2)) : 0,
      });
    }
  });
  await insertAll(trx, "flash_sale_items", items);
  await insertAll(
    trx,
    "banners",
    BANNERS.map((b, i) => ({
      title: b.title[0],
      subtitle: b.subtitle[0],
      image: media("banner", `banner-${i + 1}`, b.title[0]),
      url: b.url === "/flash-sale" ? `/flash-sale/${saleIds[0]}` : b.url,
      sort: i + 1,
      i18n: i18n({ title: b.title, subtitle: b.subtitle }),
    })),
  );
}

async function seedContent(trx: Trx, author_id: number) {
  const categoryIds = await insertIds(
    trx,
    "blog_categories",
    BLOG_CATEGORIES.map((c) => ({ name: c[0], slug: slugify(c[0]), i18n: i18n({ name: c }) })),
  );
  await insertAll(
    trx,
    "blog_posts",
    BLOG_POSTS.map((p, i) => ({
      category_id: categoryIds[p.category] as number,
      author_id,
      title: p.title[0],
      slug: slugify(p.title[0]),
      thumbnail: media("blog", slugify(p.title[0]), p.title[0]),
      excerpt: p.excerpt[0],
      body: blogBody(p, 0),
      tags: JSON.stringify(p.tags),
      total_views: 120 + ((i * 337) % 900),
      created_at: iso(BASE_MS - (i * 9 + 2) * DAY_MS),
      i18n: i18n({ title: p.title, excerpt: p.excerpt, body: [blogBody(p, 0), blogBody(p, 1), blogBody(p, 2)] }),
    })),
  );
}
