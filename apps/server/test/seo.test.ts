import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { renderSeo, type SeoDeps, seoHtml, seoTags } from "../src/modules/seo/seo.service.ts";
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
const meta = (html: string, attr: string, key: string) =>
  html.match(new RegExp(`<meta ${attr}="${key.replace(/[:]/g, "\\$&")}" content="([^"]*)"`))?.[1];

describe.each(dbKinds)("SEO tags in the initial HTML on %s", (kind) => {
  let t: TestApp;
  let deps: SeoDeps;
  let appName: string;
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
    const html = await seoHtml(deps, TEMPLATE, "/products/1/details/old-name?ref=mail", "en");
    const title = p.meta_title || p.name;
    expect(html).toContain(`<title>${title} | ${appName}</title>`);
    expect(html).not.toContain("<!--seo-->");
    const canonical = `${APP_URL}/products/1/details/${p.slug}`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(meta(html, "name", "description")?.length).toBeGreaterThan(10);
    expect(meta(html, "property", "og:title")).toBe(title);
    expect(meta(html, "property", "og:type")).toBe("product");
    expect(meta(html, "property", "og:url")).toBe(canonical);
    expect(meta(html, "property", "og:image")).toMatch(/^https:\/\/shop\.example\/media\//);
    const [ld] = jsonLd(html);
    expect(ld).toMatchObject({ "@context": "https://schema.org", "@type": "Product", name: p.name, sku: "1" });
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
    const html = await seoHtml(deps, TEMPLATE, "/products/3/details/x", "en");
    expect(html).not.toContain("<script>alert");
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain("<title>Evil &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co");
    const ldText = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(ldText).not.toContain("<");
    expect(jsonLd(html)[0]?.name).toBe(evil);
    expect(meta(html, "name", "description")).toBe("&quot;quoted&quot;");
  });

  it("shop, category (by slug or id) and blog URLs get their tags; Arabic readers get Arabic titles", async () => {
    const shop = await t.dbh.db.selectFrom("shops").selectAll().where("id", "=", 2).executeTakeFirstOrThrow();
    const shopHtml = await seoHtml(deps, TEMPLATE, "/shops/2", "en");
    expect(shopHtml).toContain(`<title>${shop.name} | ${appName}</title>`);
    expect(shopHtml).toContain(`<link rel="canonical" href="${APP_URL}/shops/2" />`);
    expect(jsonLd(shopHtml)).toEqual([]);

    const cat = await t.dbh.db.selectFrom("categories").selectAll().orderBy("id").executeTakeFirstOrThrow();
    for (const url of [`/categories/${cat.slug}`, `/categories/${cat.id}`]) {
      const tags = await seoTags(deps, url, "en");
      expect(tags?.canonical, url).toBe(`${APP_URL}/categories/${cat.slug}`);
      expect(tags?.title).toBe(cat.name);
    }

    const post = await t.dbh.db.selectFrom("blog_posts").selectAll().orderBy("id").executeTakeFirstOrThrow();
    const blog = await seoTags(deps, `/blog/${post.slug}`, "en");
    expect(blog).toMatchObject({ title: post.title, type: "article", canonical: `${APP_URL}/blog/${post.slug}` });
    expect(blog?.description).toBe(post.excerpt);

    const arName = (JSON.parse(cat.i18n) as { ar: { name: string } }).ar.name;
    expect((await seoTags(deps, `/categories/${cat.slug}`, "ar"))?.title).toBe(arName);
  });

  it("other and unknown URLs get the plain SPA page titled with the site's name", async () => {
    for (const url of [
      "/",
      "/products",
      "/products/999999/details/x",
      "/shops/999999",
      "/blog/nope",
      "/categories/nope",
      "/no/such/page",
      "/blog/%E0%A4%A",
    ]) {
      expect(await seoTags(deps, url, "en"), url).toBeNull();
      expect(await seoHtml(deps, TEMPLATE, url, "en")).toBe(TEMPLATE.replace("Marketplace", appName));
    }
    expect(renderSeo(TEMPLATE, null, "")).toBe(TEMPLATE);
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
      expect(res.body).toContain(`<title>${p.meta_title || p.name} | ${appName}</title>`);
      expect(res.body).toContain(`<link rel="canonical" href="${APP_URL}/products/1/details/${p.slug}" />`);
      expect(res.body).toContain('<meta property="og:title"');
      expect(jsonLd(res.body)[0]?.["@type"]).toBe("Product");
      expect(res.body).toContain('<div id="root"></div>');
    });

    it("an unknown path still gets the SPA, an unknown API path a JSON 404", async () => {
      const page = await web.inject({ method: "GET", url: "/definitely/not/here" });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).not.toContain('rel="canonical"');
      const api = await web.inject({ method: "GET", url: "/api/definitely-not-here" });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: "Not Found", code: "not_found" });
    });
  });
});
