import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type RouteFacts, renderSeo, type SeoDeps, seoPage } from "../src/modules/seo/seo.service.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

const APP_URL = "https://shop.example";
const TEMPLATE = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>Marketplace</title>
<!--seo-->
</head><body><div id="root"></div></body></html>`;

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );
}
/** The breadcrumb trail among a JSON-LD document's nodes. */
const trailOf = (nodes: Array<Record<string, unknown>>) =>
  nodes.find((n) => n["@type"] === "BreadcrumbList")?.itemListElement as Array<Record<string, unknown>>;
const meta = (html: string, attr: string, key: string) =>
  html.match(new RegExp(`<meta ${attr}="${key.replace(/[:]/g, "\\$&")}" content="([^"]*)"`))?.[1];

/** What the web's route table says of a public page (apps/web/src/entry-server.tsx `describe`). */
const FACTS: RouteFacts = {
  status: 200,
  title: "Shops",
  notFoundTitle: "Page Not Found",
  home: "Home",
  description: "The marketplace of many shops.",
  locales: ["en", "ar"],
  defaultLocale: "en",
};

describe.each(dbKinds)("SEO tags in the initial HTML on %s", (kind) => {
  let t: TestApp;
  let deps: SeoDeps;
  let appName: string;
  const seoTags = async (url: string, locale: string, facts: RouteFacts | null = FACTS) =>
    seoPage(deps, url, locale, facts);
  const seoHtml = async (url: string, locale: string, facts: RouteFacts | null = FACTS) =>
    renderSeo(TEMPLATE, await seoTags(url, locale, facts), appName, locale);
  beforeAll(async () => {
    t = await openTestApp(kind);
    deps = { dbh: t.dbh, config: { ...t.app.config, appUrl: APP_URL } };
    const row = await t.dbh.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "app_name")
      .executeTakeFirstOrThrow();
    appName = JSON.parse(row.value) as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a product URL gets title, description, canonical, Open Graph and Product JSON-LD", async () => {
    const p = await t.dbh.db.selectFrom("products").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
    // the slug in the URL may be stale: the canonical link names the product's own slug
    const html = await seoHtml("/products/1/details/old-name?ref=mail", "en");
    const title = p.meta_title || p.name;
    // a title that already names the site (as the seeded ones do) names it once
    expect(html).toContain(`<title>${title.endsWith(`| ${appName}`) ? title : `${title} | ${appName}`}</title>`);
    expect(html).not.toContain("<!--seo-->");
    const canonical = `${APP_URL}/products/1/details/${p.slug}`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(meta(html, "name", "description")?.length).toBeGreaterThan(10);
    expect(meta(html, "property", "og:title")).toBe(title);
    expect(meta(html, "property", "og:type")).toBe("product");
    expect(meta(html, "property", "og:url")).toBe(canonical);
    expect(meta(html, "property", "og:image")).toMatch(/^https:\/\/shop\.example\/media\//);
    const [doc] = jsonLd(html);
    expect(doc?.["@context"]).toBe("https://schema.org");
    const nodes = doc?.["@graph"] as Array<Record<string, unknown>>;
    const ld = nodes.find((n) => n["@type"] === "Product");
    expect(ld).toMatchObject({ name: p.name, sku: "1" });
    const trail = trailOf(nodes);
    // the trail the page shows: its category, then its sub-category as the category filtered by it
    const [category, sub] = await Promise.all([
      t.dbh.db.selectFrom("categories").selectAll().where("id", "=", p.category_id).executeTakeFirstOrThrow(),
      t.dbh.db
        .selectFrom("sub_categories")
        .selectAll()
        .where("id", "=", Number(p.sub_category_id))
        .executeTakeFirstOrThrow(),
    ]);
    expect(trail.map((i) => i.name)).toEqual(["Home", category.name, sub.name, p.name]);
    expect(trail[2]?.item).toBe(`${APP_URL}/categories/${category.slug}?subcategory=${sub.id}`);
    expect(trail[3]?.item).toBe(canonical);
    // the page in each language, and which one a crawler without a preference gets
    expect(html).toContain(`<link rel="alternate" hreflang="ar" href="${canonical}?lang=ar" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${canonical}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${canonical}" />`);
    // the Arabic version is its own canonical
    const ar = await seoHtml("/products/1/details/x?lang=ar", "ar");
    expect(trailOf(jsonLd(ar)[0]?.["@graph"] as Array<Record<string, unknown>>)[2]?.name).toBe(
      JSON.parse(sub.i18n).ar.name,
    );
    expect(ar).toContain(`<link rel="canonical" href="${canonical}?lang=ar" />`);
    expect(ar).toContain(`<link rel="alternate" hreflang="x-default" href="${canonical}" />`);
    const offers = ld?.offers as Record<string, unknown>;
    const price = (p.discount_price > 0 ? p.discount_price : p.price) / 100;
    expect(offers).toMatchObject({ "@type": "Offer", priceCurrency: "USD", url: canonical, price: price.toFixed(2) });
    expect(offers.availability).toBe("https://schema.org/InStock");
  });

  it("escapes HTML in tags and '<' in JSON-LD", async () => {
    const evil = `Evil </script><script>alert("x")</script> & co`;
    await t.dbh.db
      .updateTable("products")
      .set({ name: evil, meta_title: "", meta_description: `"quoted" <b>` })
      .where("id", "=", 3)
      .execute();
    const html = await seoHtml("/products/3/details/x", "en");
    expect(html).not.toContain("<script>alert");
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain("<title>Evil &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co");
    const ldText = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(ldText).not.toContain("<");
    const nodes = jsonLd(html)[0]?.["@graph"] as Array<Record<string, unknown>>;
    expect(nodes.find((n) => n["@type"] === "Product")?.name).toBe(evil);
    expect(meta(html, "name", "description")).toBe("&quot;quoted&quot;");
  });

  it("shop, category (by slug or id) and blog URLs get their tags; Arabic readers get Arabic titles", async () => {
    const shop = await t.dbh.db.selectFrom("shops").selectAll().where("id", "=", 2).executeTakeFirstOrThrow();
    const shopHtml = await seoHtml("/shops/2", "en");
    expect(shopHtml).toContain(`<title>${shop.name} | ${appName}</title>`);
    expect(meta(shopHtml, "property", "og:locale")).toBe("en");
    expect(shopHtml).toContain(`<link rel="canonical" href="${APP_URL}/shops/2" />`);
    expect(jsonLd(shopHtml)).toEqual([]);

    const cat = await t.dbh.db.selectFrom("categories").selectAll().orderBy("id").executeTakeFirstOrThrow();
    for (const url of [`/categories/${cat.slug}`, `/categories/${cat.id}`]) {
      const { tags } = await seoTags(url, "en");
      expect(tags.canonical, url).toBe(`${APP_URL}/categories/${cat.slug}`);
      expect(tags.title).toBe(cat.name);
    }

    const post = await t.dbh.db.selectFrom("blog_posts").selectAll().orderBy("id").executeTakeFirstOrThrow();
    const blog = (await seoTags(`/blog/${post.slug}`, "en")).tags;
    expect(blog).toMatchObject({ title: post.title, type: "article", canonical: `${APP_URL}/blog/${post.slug}` });
    expect(blog.description).toBe(post.excerpt);
    expect(blog.jsonLd?.["@graph"]).toEqual([
      expect.objectContaining({ "@type": "BlogPosting", headline: post.title, inLanguage: "en" }),
    ]);

    const arName = (JSON.parse(cat.i18n) as { ar: { name: string } }).ar.name;
    expect((await seoTags(`/categories/${cat.slug}`, "ar")).tags.title).toBe(arName);

    const brand = await t.dbh.db.selectFrom("brands").selectAll().orderBy("id").executeTakeFirstOrThrow();
    expect((await seoTags(`/brands/${brand.slug}`, "en")).tags.title).toBe(brand.name);
    const about = await t.dbh.db
      .selectFrom("pages")
      .selectAll()
      .where("slug", "=", "about-us")
      .executeTakeFirstOrThrow();
    expect((await seoTags("/about-us", "en")).tags).toMatchObject({
      title: about.title,
      canonical: `${APP_URL}/about-us`,
    });
  });

  it("a list page gets its route's title and the site's description; home describes the marketplace", async () => {
    const html = await seoHtml("/shops?page=2", "en");
    expect(html).toContain(`<title>Shops | ${appName}</title>`);
    expect(meta(html, "name", "description")).toBe(FACTS.description);
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/shops" />`);
    const home = await seoHtml("/", "en", { ...FACTS, title: "Home" });
    const graph = jsonLd(home)[0]?.["@graph"] as Array<Record<string, unknown>>;
    expect(graph.map((n) => n["@type"])).toEqual(["Organization", "WebSite"]);
    expect(graph[0]).toMatchObject({ name: appName, url: `${APP_URL}/` });
  });

  it("a missing product, shop, flash sale, post, category, brand or page, an unknown route and a bad escape are Page Not Found", async () => {
    for (const url of [
      "/products/999999/details/x",
      "/products/abc/details/x",
      "/products/-1/details/x",
      "/shops/999999",
      "/shops/abc",
      "/flash-sale/999999",
      "/flash-sale/1.5",
      "/blog/nope",
      "/categories/nope",
      "/brands/nope",
      "/page/nope",
      "/blog/%E0%A4%A",
    ]) {
      const page = await seoTags(url, "en");
      expect(page.status, url).toBe(404);
      const html = renderSeo(TEMPLATE, page, appName, "en");
      expect(html).toContain(`<title>Page Not Found | ${appName}</title>`);
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('rel="canonical"');
    }
    expect((await seoTags("/no/such/page", "en", { ...FACTS, status: 404 })).status).toBe(404);
    // A flash sale that exists is titled with its own name, in the reader's language.
    const sale = await t.dbh.db
      .selectFrom("flash_sales")
      .select(["id", "name"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const salePage = await seoTags(`/flash-sale/${sale.id}`, "en");
    expect(salePage.status).toBe(200);
    expect(salePage.tags.title).toBe(sale.name);
    expect(salePage.tags.canonical).toBe(`${APP_URL}/flash-sale/${sale.id}`);
  });

  describe("through the server's SPA fallback", () => {
    let web: FastifyInstance;
    let dist: string;
    beforeAll(async () => {
      // a built web app of one index.html, as Vite leaves it
      dist = fs.mkdtempSync(path.join(os.tmpdir(), "market-web-"));
      fs.writeFileSync(path.join(dist, "index.html"), TEMPLATE);
      const config = loadConfig({
        APP_ENV: "test",
        APP_URL,
        WEB_DIST: dist,
        DATA_DIR: path.join(os.tmpdir(), "market-test-data"),
      });
      web = await buildApp({ config, dbh: t.dbh, serveWeb: true });
      await web.ready();
    });
    afterAll(async () => {
      await web?.close();
      fs.rmSync(dist, { recursive: true, force: true });
    });

    it("the raw HTML of a product URL carries the tags", async () => {
      const p = await t.dbh.db.selectFrom("products").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
      const res = await web.inject({ method: "GET", url: `/products/1/details/${p.slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toMatch(new RegExp(`<title>${p.name} \\| ${appName}</title>`));
      expect(res.body).toContain(`<link rel="canonical" href="${APP_URL}/products/1/details/${p.slug}" />`);
      expect(res.body).toContain('<meta property="og:title"');
      const graph = jsonLd(res.body)[0]?.["@graph"] as Array<Record<string, unknown>>;
      expect(graph.map((n) => n["@type"])).toContain("Product");
      expect(res.body).toContain('<div id="root"></div>');
    });

    it("a missing product answers 404 with the SPA, an unknown API path a JSON 404", async () => {
      const page = await web.inject({ method: "GET", url: "/products/999999/details/x" });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).not.toContain('rel="canonical"');
      expect((await web.inject({ method: "GET", url: "/favicon.ico" })).statusCode).toBe(404);
      const api = await web.inject({ method: "GET", url: "/api/definitely-not-here" });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: "Not Found", code: "not_found" });
    });
  });
});
