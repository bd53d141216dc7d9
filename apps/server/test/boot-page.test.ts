import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { IMAGE_SIZES, srcSetOf } from "@market/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { clearCatalogCache } from "../src/modules/catalog/catalog.service.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

// index.html as the web build leaves it: the marker for the boot data, the entry script with its own
// module preload.
const TEMPLATE = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>Marketplace</title>
<!--seo-->
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/app-1.js">
</head><body><div id="root"></div>
<!--boot-->
</body></html>`;

// Vite's manifest and the plugin's module map of such a build: the layout and the catalogue pages
// bundled into one storefront chunk, which imports the entry's app chunk and a chunk of its own.
const MANIFEST = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_app-1.js"] },
  "_app-1.js": { file: "assets/app-1.js" },
  "_storefront-1.js": { file: "assets/storefront-1.js", imports: ["_app-1.js", "_sonner-1.js"] },
  "_sonner-1.js": { file: "assets/sonner-1.js" },
};
const MODULE_CHUNKS = {
  "src/main.tsx": "assets/index-1.js",
  "src/start.tsx": "assets/app-1.js",
  "src/app/layouts/default-layout.tsx": "assets/storefront-1.js",
  "src/app/routes/home.tsx": "assets/storefront-1.js",
  "src/app/routes/products.tsx": "assets/storefront-1.js",
  "src/app/routes/product-details.tsx": "assets/storefront-1.js",
};

type Boot = { locale: string; answers: Record<string, unknown> };

/** The boot JSON of a page, parsed; null when the page carries none. */
function bootOf(html: string): Boot | null {
  const text = html.match(/<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/)?.[1];
  return text === undefined ? null : (JSON.parse(text) as Boot);
}

/** The app with a web build of TEMPLATE and the manifest above in a temporary folder. */
async function webApp(t: TestApp, env: Record<string, string> = {}) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "market-web-"));
  fs.writeFileSync(path.join(dist, "index.html"), TEMPLATE);
  fs.mkdirSync(path.join(dist, ".vite"));
  fs.writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(dist, ".vite", "module-chunks.json"), JSON.stringify(MODULE_CHUNKS));
  const config = loadConfig({
    APP_ENV: "test",
    WEB_DIST: dist,
    DATA_DIR: path.join(os.tmpdir(), "market-test-data"),
    ...env,
  });
  const web = await buildApp({ config, dbh: t.dbh, serveWeb: true });
  await web.ready();
  return {
    web,
    close: async () => {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    },
  };
}

describe.each(dbKinds)("the page's first data in its HTML on %s", (kind) => {
  let t: TestApp;
  let web: FastifyInstance;
  let closeWeb: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    t = await openTestApp(kind);
    ({ web, close: closeWeb } = await webApp(t));
  });
  afterAll(async () => {
    await closeWeb?.();
    await t?.close();
  });

  const page = (url: string, cookie?: string) => web.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  /** The `data` of an API answer, as the browser would get it. */
  const api = async (url: string, locale = "en") =>
    (await web.inject({ method: "GET", url: `/api${url}`, headers: { "accept-language": locale } })).json().data;

  it("home carries settings, messages, categories and its answer in the app locale, and preloads", async () => {
    const res = await page("/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.vary).toContain("cookie");
    const boot = bootOf(res.body);
    expect(boot?.locale).toBe("en");
    expect(Object.keys(boot?.answers ?? {}).sort()).toEqual(["/categories", "/home", "/lang/en", "/master"]);
    expect(boot?.answers["/master"]).toEqual(await api("/master"));
    expect(boot?.answers["/lang/en"]).toEqual(await api("/lang/en"));
    expect(boot?.answers["/home"]).toEqual(await api("/home"));
    expect(boot?.answers["/categories"]).toEqual(await api("/categories"));

    // the first banner is the largest image; the storefront chunk and its own import are preloaded,
    // the entry's chunks are left to the entry's own tags
    const home = boot?.answers["/home"] as { banners: Array<{ image: string }> } | undefined;
    const banner = home?.banners[0]?.image ?? "";
    // a WebP in several widths: the preload offers the same choice as the page's <img>, so the
    // browser fetches the one copy the banner will show
    expect(banner).toMatch(/^\/media\/banner\/[a-z0-9-]+-1200\.webp$/);
    const srcset = srcSetOf(banner) ?? "";
    expect(srcset.split(", ")).toHaveLength(4);
    expect(res.body).toContain(
      `<link rel="preload" as="image" href="${banner}" imagesrcset="${srcset}" imagesizes="${IMAGE_SIZES.banner}" fetchpriority="high" />`,
    );
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/storefront-1.js" />');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/sonner-1.js" />');
    expect(res.body.match(/app-1\.js/g)).toHaveLength(1);
    expect(res.body).not.toContain("<!--boot-->");
    // after the entry's own tags (its stylesheet comes first)
    expect(res.body.indexOf('rel="preload" as="image"')).toBeGreaterThan(res.body.indexOf("/assets/app-1.js"));
  });

  it("answers in the shopper's locale from the locale cookie", async () => {
    const boot = bootOf((await page("/", "theme=x; locale=ar")).body);
    expect(boot?.locale).toBe("ar");
    expect(boot?.answers["/lang/ar"]).toEqual(await api("/lang/ar", "ar"));
    expect(boot?.answers["/master"]).toEqual(await api("/master", "ar"));
    const home = boot?.answers["/home"] as { categories: Array<{ name: string }> };
    expect(home).toEqual(await api("/home", "ar"));
    expect(home.categories[0]?.name).not.toEqual(((await api("/home")) as typeof home).categories[0]?.name);
  });

  it("a signed-in shopper's page carries settings and messages only", async () => {
    const boot = bootOf((await page("/", "signed_in=1")).body);
    expect(Object.keys(boot?.answers ?? {}).sort()).toEqual(["/lang/en", "/master"]);
  });

  it("the product list carries its first page; a filtered list only what every page shares", async () => {
    const list = bootOf((await page("/products")).body);
    expect(list?.answers["/products?page=1&per_page=20"]).toEqual(await api("/products?page=1&per_page=20"));
    const search = bootOf((await page("/products?search=shirt")).body);
    expect(Object.keys(search?.answers ?? {}).sort()).toEqual(["/categories", "/lang/en", "/master"]);
  });

  it("a product page carries the product, preloads its image and counts one view", async () => {
    const p = await t.dbh.db
      .selectFrom("products")
      .select(["id", "slug"])
      .where("id", "=", 2)
      .executeTakeFirstOrThrow();
    const views = async () =>
      (await t.dbh.db.selectFrom("products").select("views").where("id", "=", 2).executeTakeFirstOrThrow()).views;
    const before = await views();
    const res = await page(`/products/2/details/${p.slug}`);
    const answer = bootOf(res.body)?.answers["/products/2/details"] as { product: { id: number; thumbnail: string } };
    expect(answer.product.id).toBe(2);
    expect(res.body).toContain(
      `<link rel="preload" as="image" href="${answer.product.thumbnail.replaceAll("&", "&amp;")}"`,
    );
    // the view is written after the answer
    await expect.poll(views).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(await views()).toBe(before + 1);

    // an unknown product: the page, without an answer to show
    const missing = bootOf((await page("/products/999999/details/x")).body);
    expect(Object.keys(missing?.answers ?? {})).not.toContain("/products/999999/details");
  });

  it("escapes the JSON against </script> and line separators", async () => {
    const evil = "Evil </script><script>alert(1)</script> \u2028 <!-- x";
    await t.dbh.db.updateTable("products").set({ name: evil }).where("id", "=", 3).execute();
    const html = (await page("/products/3/details/x")).body;
    const bootText = html.match(/id="boot-data">([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(bootText).not.toContain("<");
    expect(bootText).not.toContain("\u2028");
    expect(html).not.toContain("<script>alert(1)");
    const answer = bootOf(html)?.answers["/products/3/details"] as { product: { name: string } } | undefined;
    expect(answer?.product.name).toBe(evil);
  });

  it("files that are not there answer 404 with the plain page, and pages go out compressed", async () => {
    const icon = await page("/favicon.ico");
    expect(icon.statusCode).toBe(404);
    expect(bootOf(icon.body)).toBeNull();
    expect(icon.body).not.toContain("<!--boot-->");

    const res = await web.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip, br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(bootOf(html)?.locale).toBe("en");
  });
});

describe.each(dbKinds)("a visitor's page kept like the catalogue answers on %s", (kind) => {
  let t: TestApp;
  let web: FastifyInstance;
  let closeWeb: (() => Promise<void>) | undefined;
  const env = { CATALOG_CACHE_SECONDS: "60" };
  beforeAll(async () => {
    t = await openTestApp(kind, { env });
    ({ web, close: closeWeb } = await webApp(t, env));
  });
  afterAll(async () => {
    await closeWeb?.();
    await t?.close();
  });

  const page = (url: string, cookie?: string) => web.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const productOf = (html: string, id: number) =>
    (bootOf(html)?.answers[`/products/${id}/details`] as { product: { name: string } } | undefined)?.product;

  it("sends a kept product page again, counts each visit as a view, and shows a change once the cache is cleared", async () => {
    const views = async () =>
      (await t.dbh.db.selectFrom("products").select("views").where("id", "=", 4).executeTakeFirstOrThrow()).views;
    const before = await views();
    const first = await page("/products/4/details/x");
    const name = productOf(first.body, 4)?.name;
    expect(name).toBeTruthy();
    await t.dbh.db.updateTable("products").set({ name: "Renamed in the database" }).where("id", "=", 4).execute();
    const second = await page("/products/4/details/x");
    expect(second.body).toBe(first.body);
    await expect.poll(views).toBe(before + 2);

    // a signed-in shopper's page is never the kept one
    const signedIn = await page("/products/4/details/x", "signed_in=1");
    expect(signedIn.body).not.toBe(first.body);

    // what the app's own writes do after a change (admin and seller services)
    clearCatalogCache();
    expect(productOf((await page("/products/4/details/x")).body, 4)?.name).toBe("Renamed in the database");
  });

  it("a kept page shows the admin's new menu item at once, as /api/master does", async () => {
    const menusOf = (html: string) =>
      (bootOf(html)?.answers["/master"] as { menus: Array<{ title: string }> } | undefined)?.menus.map((m) => m.title);
    expect(menusOf((await page("/")).body)).not.toContain("Gift Guide");
    const login = await web.inject({
      method: "POST",
      url: "/api/login",
      payload: { phone: "admin@example.com", password: "password" },
    });
    const saved = await web.inject({
      method: "POST",
      url: "/api/admin/menus",
      headers: { authorization: `Bearer ${login.json().data.access.token}` },
      payload: { title: "Gift Guide", name: "gift_guide", url: "/shops", target: "_self", is_external: false },
    });
    expect(saved.statusCode).toBe(200);
    expect(menusOf((await page("/")).body)).toContain("Gift Guide");
  });

  it("keeps a page per language", async () => {
    expect(bootOf((await page("/")).body)?.locale).toBe("en");
    expect(bootOf((await page("/", "locale=ar")).body)?.locale).toBe("ar");
    expect(bootOf((await page("/?lang=ar")).body)?.locale).toBe("ar");
    expect(bootOf((await page("/")).body)?.locale).toBe("en");
  });
});
