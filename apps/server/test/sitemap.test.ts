import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITEMAP_KINDS, SITEMAP_PAGE_SIZE } from "../src/modules/seo/sitemap.service.ts";
import { invalidateSettings } from "../src/modules/settings/settings.service.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

const APP_URL = "https://shop.example";

interface UrlEntry {
  loc: string;
  lastmod?: string;
  /** hreflang -> href */
  alternates: Record<string, string>;
}

/** The `<url>` entries of a urlset. */
function urlsOf(xml: string): UrlEntry[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = ""]) => ({
    loc: body.match(/<loc>([^<]*)<\/loc>/)?.[1] ?? "",
    ...(body.includes("<lastmod>") && { lastmod: body.match(/<lastmod>([^<]*)<\/lastmod>/)?.[1] }),
    alternates: Object.fromEntries(
      [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]),
    ),
  }));
}

const sitemapLocs = (xml: string) => [...xml.matchAll(/<sitemap><loc>([^<]*)<\/loc><\/sitemap>/g)].map((m) => m[1]);

describe.each(dbKinds)("robots.txt and sitemaps on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind, { env: { APP_URL } });
  });
  afterAll(() => t?.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    return {
      status: res.statusCode,
      type: String(res.headers["content-type"]),
      cache: res.headers["cache-control"],
      body: res.body,
    };
  };
  const productsSitemap = async () => urlsOf((await get("/sitemaps/products-1.xml")).body);

  it("robots.txt is text naming the sitemap and keeping crawlers out of private areas", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain/);
    expect(res.cache).toBe("public, max-age=3600");
    const lines = res.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    for (const path of ["/admin", "/seller", "/checkout", "/dashboard", "/order-history", "/wishlist", "/profile"])
      expect(lines).toContain(`Disallow: ${path}`);
    // shop pages stay crawlable: no Disallow line is a prefix of a public page
    for (const page of ["/products/1/details/x", "/shops/1", "/support", "/blog/x", "/about-us"])
      expect(lines.filter((l) => l.startsWith("Disallow: ") && page.startsWith(l.slice(10)))).toEqual([]);
  });

  it("the sitemap index lists a page of each kind, and each page is a urlset", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/xml/);
    expect(res.cache).toBe("public, max-age=3600");
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    const locs = sitemapLocs(res.body);
    for (const k of SITEMAP_KINDS) expect(locs).toContain(`${APP_URL}/sitemaps/${k}-1.xml`);
    for (const loc of locs) {
      const page = await get((loc as string).slice(APP_URL.length));
      expect(page.status, loc).toBe(200);
      expect(page.type).toMatch(/^application\/xml/);
      expect(page.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
      expect(urlsOf(page.body).length, loc).toBeGreaterThan(0);
    }
  });

  it("a product is listed at its canonical URL with lastmod and its language versions", async () => {
    const p = await t.dbh.db
      .selectFrom("products")
      .select(["id", "slug", "created_at", "updated_at"])
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    const canonical = `${APP_URL}/products/1/details/${encodeURIComponent(p.slug)}`;
    const urls = await productsSitemap();
    const entry = urls.find((u) => u.loc === canonical);
    expect(entry).toBeDefined();
    expect(entry?.lastmod).toBe(new Date(p.updated_at ?? p.created_at).toISOString().replace(/\.\d{3}Z$/, "Z"));
    expect(entry?.alternates).toEqual({
      en: canonical,
      ar: `${canonical}?lang=ar`,
      fr: `${canonical}?lang=fr`,
      "x-default": canonical,
    });
    // each language version is listed too, naming the same versions
    const arabic = urls.find((u) => u.loc === `${canonical}?lang=ar`);
    expect(arabic?.alternates).toEqual(entry?.alternates);
  });

  it("unpublished, unapproved products and those of inactive shops are not listed", async () => {
    // not product 1, which the last test copies
    const [, draft, pending, , other] = await t.dbh.db
      .selectFrom("products")
      .select(["id", "shop_id"])
      .orderBy("id")
      .limit(5)
      .execute();
    await t.dbh.db
      .updateTable("products")
      .set({ is_active: 0 })
      .where("id", "=", draft?.id as number)
      .execute();
    await t.dbh.db
      .updateTable("products")
      .set({ moderation: "pending" })
      .where("id", "=", pending?.id as number)
      .execute();
    const loc = (id: number) => `${APP_URL}/products/${id}/details/`;
    const listed = (await productsSitemap()).map((u) => u.loc);
    expect(listed.some((l) => l.startsWith(loc(draft?.id as number)))).toBe(false);
    expect(listed.some((l) => l.startsWith(loc(pending?.id as number)))).toBe(false);
    expect(listed.some((l) => l.startsWith(loc(other?.id as number)))).toBe(true);

    // a suspended shop leaves the shops sitemap, and its products the products sitemap
    const shopId = other?.shop_id as number;
    const shopLoc = `${APP_URL}/shops/${shopId}`;
    expect(urlsOf((await get("/sitemaps/shops-1.xml")).body).map((u) => u.loc)).toContain(shopLoc);
    await t.dbh.db.updateTable("shops").set({ status: "suspended" }).where("id", "=", shopId).execute();
    expect(urlsOf((await get("/sitemaps/shops-1.xml")).body).map((u) => u.loc)).not.toContain(shopLoc);
    expect((await productsSitemap()).some((u) => u.loc.startsWith(loc(other?.id as number)))).toBe(false);
    await t.dbh.db.updateTable("shops").set({ status: "active" }).where("id", "=", shopId).execute();
  });

  it("categories, blog posts and pages are listed at the web app's paths", async () => {
    const category = await t.dbh.db.selectFrom("categories").select("slug").orderBy("id").executeTakeFirstOrThrow();
    const categories = urlsOf((await get("/sitemaps/categories-1.xml")).body);
    expect(categories.map((u) => u.loc)).toContain(`${APP_URL}/categories/${encodeURIComponent(category.slug)}`);

    const post = await t.dbh.db
      .selectFrom("blog_posts")
      .select(["slug", "created_at"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const blog = urlsOf((await get("/sitemaps/blog-1.xml")).body);
    const entry = blog.find((u) => u.loc === `${APP_URL}/blog/${encodeURIComponent(post.slug)}`);
    expect(entry?.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const pages = urlsOf((await get("/sitemaps/pages-1.xml")).body).map((u) => u.loc);
    // the home page, a page with its own route, and one served at /page/{slug}
    expect(pages).toEqual(
      expect.arrayContaining([`${APP_URL}/`, `${APP_URL}/about-us`, `${APP_URL}/page/return-policy`]),
    );
    expect(pages).not.toContain(`${APP_URL}/page/about-us`);
  });

  it("an unknown kind, a malformed name and a page past the last answer 404", async () => {
    for (const url of [
      "/sitemaps/users-1.xml",
      "/sitemaps/products-0.xml",
      "/sitemaps/products-01.xml",
      "/sitemaps/products-1.json",
      "/sitemaps/products-9999999.xml",
      "/sitemaps/products.xml",
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }
    const pages = sitemapLocs((await get("/sitemap.xml")).body).filter((l) => l?.includes("/products-")).length;
    expect((await get(`/sitemaps/products-${pages + 1}.xml`)).status).toBe(404);
  });

  it("more products than a page holds continue on a second page", async () => {
    const listed = (await productsSitemap()).filter((u) => !u.loc.includes("?lang=")).length;
    const source = await t.dbh.db
      .selectFrom("products")
      .select(["shop_id", "category_id", "name", "slug", "thumbnail", "price", "created_at"])
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    const extra = SITEMAP_PAGE_SIZE - listed + 3;
    for (let i = 0; i < extra; i += 500) {
      const n = Math.min(500, extra - i);
      await t.dbh.db
        .insertInto("products")
        .values(Array.from({ length: n }, (_, j) => ({ ...source, slug: `copy-${i + j}` })))
        .execute();
    }
    const locs = sitemapLocs((await get("/sitemap.xml")).body);
    expect(locs).toContain(`${APP_URL}/sitemaps/products-2.xml`);
    expect(locs).not.toContain(`${APP_URL}/sitemaps/products-3.xml`);
    const first = (await productsSitemap()).filter((u) => !u.loc.includes("?lang="));
    const second = urlsOf((await get("/sitemaps/products-2.xml")).body).filter((u) => !u.loc.includes("?lang="));
    expect(first).toHaveLength(SITEMAP_PAGE_SIZE);
    expect(second).toHaveLength(3);
    const last = await t.dbh.db.selectFrom("products").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(second.map((u) => u.loc)).toContain(`${APP_URL}/products/${last.id}/details/copy-${extra - 1}`);
    expect((await get("/sitemaps/products-3.xml")).status).toBe(404);
  });

  it("a site with one language lists plain URLs without alternates", async () => {
    await t.dbh.db.deleteFrom("languages").where("is_default", "=", 0).execute();
    invalidateSettings({ dbh: t.dbh });
    const urls = urlsOf((await get("/sitemaps/categories-1.xml")).body);
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls) {
      expect(u.loc).not.toContain("?lang=");
      expect(u.alternates).toEqual({});
    }
  });
});
