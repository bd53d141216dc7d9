import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { DEFAULT_LOCALE, IMAGE_SIZES, srcSetOf } from "@market/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "../../lib/html.ts";
import { cookie, LOCALE_COOKIE } from "../../lib/i18n.ts";
import { visitorAnswerCache } from "../catalog/catalog.service.ts";
import { appName, type RouteFacts, renderSeo, type SeoDeps, scriptJson, seoPage } from "./seo.service.ts";

// The first render of the SPA waits for settings, UI messages and the page's first catalogue
// answers; fetched by the browser they cost round trips after the JavaScript has run. The page's
// HTML carries them instead (as JSON the client reads before its first render), preloads the page's
// largest image and its route's JavaScript chunks. For visitors, the public pages (routes whose
// handle says `rendered`) also come rendered: the web app's server build renders the same first page
// from the same answers, so they paint before the JavaScript has run, and the client hydrates them.
// A render names the answers it asked for and lacked; the server fetches them and renders again.
// The server build's route table also gives the page its status (404 for Page Not Found), title
// and language before any render (seo.service.ts adds the tags of the product, shop... it names).
//
// Locale: a link's `?lang=` first, then the client's stored choice. The client mirrors it into the `locale` cookie, so the
// server answers in it; without the cookie (first visit) the server answers in the site's app
// locale, which is what the client picks on a first visit. When the client still ends up with
// another locale, it ignores the inlined answers and fetches as before.
//
// Catalogue answers mark a signed-in shopper's favourites and a product answer counts a view, so
// they are inlined only for visitors: the client keeps the `signed_in` cookie in step with its
// session and uses them only while signed out.

export const SIGNED_IN_COOKIE = "signed_in";
export const CURRENCY_COOKIE = "currency";

/** What the page's HTML carries: `answers` by API path (with query), each the answer's `data`. */
export interface BootData {
  locale: string;
  answers: Record<string, unknown>;
}

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

interface PagePlan {
  /** app modules (`src/...`) the page renders with; their chunks are preloaded */
  modules: string[];
  /** catalogue API paths of the first render, visitors only */
  answers: string[];
  /** the image the page shows largest above the fold, from its answers */
  image?: (answers: Record<string, unknown>) => string | undefined;
  /** that image's `sizes` on the page: its preload picks the same copy from the srcset */
  imageSizes?: string;
  /** the answer whose request counts a view of the page (a product's), asked again for a kept page */
  counted?: string;
}

/** The app itself: index.html's entry imports it once the page has painted (apps/web/src/main.tsx). */
const START = "src/start.tsx";
const LAYOUT = "src/app/layouts/default-layout.tsx";
const FILE_NAME = /\/[^/]+\.[A-Za-z0-9]{2,5}$/;
const FIRST_PRODUCTS = "/products?page=1&per_page=20";
/** Renders of one page, each with the answers the one before asked for; and answers one pass fetches. */
const RENDER_PASSES = 3;
const MISSING_MAX = 8;

/** The pages whose first render is worth inlining: home, the product list and a product. */
export function pagePlan(url: string): PagePlan | null {
  const [rawPath = "", query] = url.split("?");
  const pathname = rawPath.replace(/\/+$/, "") || "/";
  if (pathname === "/")
    return {
      modules: [LAYOUT, "src/app/routes/home.tsx"],
      answers: ["/categories", "/home"],
      image: (a) => (a["/home"] as { banners?: Array<{ image: string }> } | undefined)?.banners?.[0]?.image,
      imageSizes: IMAGE_SIZES.banner,
    };
  if (pathname === "/products")
    return {
      modules: [LAYOUT, "src/app/routes/products.tsx"],
      // filters and search live in the query; only the bare list is the same for every visitor
      answers: query ? ["/categories"] : ["/categories", FIRST_PRODUCTS],
      image: (a) => (a[FIRST_PRODUCTS] as { data?: Array<{ thumbnail: string }> } | undefined)?.data?.[0]?.thumbnail,
      imageSizes: IMAGE_SIZES.productCard,
    };
  const product = pathname.match(/^\/products\/(\d{1,9})\/details(?:\/[^/]*)?$/);
  if (product) {
    const api = `/products/${product[1]}/details`;
    return {
      modules: [LAYOUT, "src/app/routes/product-details.tsx"],
      answers: ["/categories", api],
      image: (a) => (a[api] as { product?: { thumbnail: string } } | undefined)?.product?.thumbnail,
      imageSizes: IMAGE_SIZES.productMain,
      counted: api,
    };
  }
  return null;
}

/** What the web build says about its chunks: Vite's manifest and the chunk of each app module. */
export interface BuildInfo {
  manifest: Manifest;
  /** app module (`src/...`) -> chunk file (`assets/...js`) */
  moduleChunks: Record<string, string>;
}

/** The JavaScript files of route modules with their static imports, less what index.html loads. */
export function routeChunks({ manifest, moduleChunks }: BuildInfo, modules: string[]): string[] {
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const closure = (keys: string[], seen = new Set<string>()) => {
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  const entry = closure(["index.html"]);
  // a module's own manifest entry, else the entry of the chunk it was bundled into
  const keys = modules.map((m) => (manifest[m] ? m : keyOfFile.get(moduleChunks[m] ?? "")) ?? m);
  return [...closure(keys)]
    .filter((key) => !entry.has(key))
    .map((key) => (manifest[key] as ManifestChunk).file)
    .filter((file) => file.endsWith(".js"));
}

function readBuildInfo(webDist: string): BuildInfo {
  const read = <T>(file: string, fallback: T): T => {
    try {
      return JSON.parse(fs.readFileSync(path.join(webDist, ".vite", file), "utf8")) as T;
    } catch {
      return fallback; // an older build: no route chunks to preload
    }
  };
  return { manifest: read<Manifest>("manifest.json", {}), moduleChunks: read("module-chunks.json", {}) };
}

/** What the web app's server build (apps/web/src/entry-server.tsx) gives for a page. */
interface ServerRender {
  html: string;
  lang: string;
  dir: "ltr" | "rtl";
  style: string;
  /** API paths of answers the page asked for and did not have */
  missing: string[];
}
interface ServerBuild {
  render?: (url: string, boot: BootData) => Promise<ServerRender | null>;
  describe?: (
    url: string,
    boot: BootData,
  ) => Promise<(RouteFacts & { lang: string; dir: "ltr" | "rtl"; rendered: boolean }) | null>;
}

/**
 * The web app's server build (`dist-server/` next to `dist/`): its route table says what a URL is,
 * its render draws it. Without it (a build from before, or none) pages are rendered by the browser alone.
 */
async function loadServerBuild(webDist: string): Promise<ServerBuild | null> {
  const entry = path.join(path.dirname(webDist), "dist-server", "entry-server.js");
  if (!fs.existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

const logged = (req: FastifyRequest) => (error: unknown) => {
  req.log.error(error);
  return null;
};

/**
 * index.html in the page's language, direction and theme, with the server's render (when there is
 * one) inside `#root` and the page's scripts in its `data-preload`.
 */
function withRender(
  html: string,
  page: { lang: string; dir: "ltr" | "rtl" } | null,
  rendered: ServerRender | null,
  chunks: string[],
): string {
  const root = rendered ?? page;
  if (!root) return html;
  const style = rendered?.style ? ` style="${escapeHtml(rendered.style)}"` : "";
  const out = html.replace(/<html[^>]*>/, () => `<html lang="${escapeHtml(root.lang)}" dir="${root.dir}"${style}>`);
  if (!rendered) return out;
  const preload = escapeHtml(chunks.join(" "));
  return out.replace('<div id="root"></div>', () => `<div id="root" data-preload="${preload}">${rendered.html}</div>`);
}

/** The preload of the page's largest image: with its srcset and sizes, the copy the `<img>` will pick. */
function imagePreload(image: string, sizes: string | undefined): string {
  const srcset = sizes ? srcSetOf(image) : undefined;
  const choice = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes as string)}"` : "";
  return `<link rel="preload" as="image" href="${escapeHtml(image)}"${choice} fetchpriority="high" />`;
}

/** `/media/...` and other same-origin paths only: a preload never points elsewhere. */
const sameOriginPath = (url: string | undefined) => (url && /^\/(?!\/)/.test(url) ? url : undefined);

/**
 * Builds the page filler of the SPA fallback: `(req, html) => html` with the boot JSON in place of
 * `<!--boot-->`, the preloads at the end of `<head>` and, for a visitor's catalogue page, its render.
 */
export function bootPage(app: FastifyInstance, webDist: string, deps: SeoDeps) {
  const build = readBuildInfo(webDist);
  const serverBuild = loadServerBuild(webDist).catch((error: unknown) => {
    app.log.error(error);
    return null;
  });

  /** An API call through the app's own route (same checks, cache and rate limit). */
  const ask = (req: FastifyRequest, apiPath: string, locale: string) =>
    app.inject({
      method: "GET",
      url: `/api${apiPath}`,
      headers: { "accept-language": locale, accept: "application/json" },
      remoteAddress: req.ip,
    });

  /** An API answer's `data`. */
  async function answer(req: FastifyRequest, apiPath: string, locale: string): Promise<unknown> {
    const res = await ask(req, apiPath, locale);
    if (res.statusCode !== 200) return undefined;
    return (JSON.parse(res.body) as { data?: unknown }).data;
  }

  async function bootData(req: FastifyRequest, plan: PagePlan | null, signedIn: boolean): Promise<BootData | null> {
    // a link to the page in one language (the sitemap's and the page's hreflang alternates) wins
    const chosen = linkedLocale(req.url) ?? cookie(req, LOCALE_COOKIE);
    const wanted = chosen && /^[A-Za-z0-9_-]{2,10}$/.test(chosen) ? chosen : undefined;
    let master = (await answer(req, "/master", wanted ?? DEFAULT_LOCALE)) as { app_locale?: string } | undefined;
    if (!master) return null;
    const locale = wanted ?? master.app_locale ?? DEFAULT_LOCALE;
    if (locale !== (wanted ?? DEFAULT_LOCALE)) master = (await answer(req, "/master", locale)) as typeof master;
    if (!master) return null;
    const answers: Record<string, unknown> = { "/master": master };
    const paths = [`/lang/${encodeURIComponent(locale)}`, ...(plan && !signedIn ? plan.answers : [])];
    const values = await Promise.all(paths.map((p) => answer(req, p, locale)));
    paths.forEach((p, i) => {
      if (values[i] !== undefined) answers[p] = values[i];
    });
    return { locale, answers };
  }

  /**
   * The page rendered from `boot`, which gains the answers a render asks for and lacks (a shop's page
   * asks for its products once it has the shop), for a few passes.
   */
  async function renderPage(
    req: FastifyRequest,
    render: NonNullable<ServerBuild["render"]>,
    boot: BootData,
  ): Promise<ServerRender | null> {
    for (let pass = 1; ; pass++) {
      const rendered = await render(req.url, boot);
      const missing = rendered?.missing.slice(0, MISSING_MAX) ?? [];
      if (!rendered || missing.length === 0 || pass === RENDER_PASSES) return rendered;
      const values = await Promise.all(missing.map((p) => answer(req, p, boot.locale)));
      if (values.every((v) => v === undefined)) return rendered;
      missing.forEach((p, i) => {
        if (values[i] !== undefined) boot.answers[p] = values[i];
      });
    }
  }

  const fill = async (req: FastifyRequest, html: string): Promise<FilledPage> => {
    // a missing file (favicon.ico, robots.txt...): no browser renders it
    if (FILE_NAME.test(req.url.split("?")[0] ?? "")) return { status: 404, page: html.replace("<!--boot-->", "") };
    const plan = pagePlan(req.url);
    const signedIn = cookie(req, SIGNED_IN_COOKIE) === "1";
    const boot = await bootData(req, plan, signedIn);
    const server = await serverBuild;
    const facts = boot && server?.describe ? await server.describe(req.url, boot).catch(logged(req)) : null;
    const locale = boot?.locale ?? DEFAULT_LOCALE;
    const seo = await seoPage(deps, req.url, locale, facts);
    const described = renderSeo(html, seo, await appName(deps), locale);
    const found = seo.status === 200;
    const image = sameOriginPath(boot && found ? plan?.image?.(boot.answers) : undefined);
    const chunks = routeChunks(build, [START, ...(plan?.modules ?? [])]).map((file) => `/${file}`);
    const render = found && facts?.rendered && boot && renderedForVisitor(req) ? server?.render : undefined;
    const rendered = render && boot ? await renderPage(req, render, boot).catch(logged(req)) : null;
    // A rendered page paints without its scripts: they are fetched after the first paint
    // (apps/web/src/main.tsx), not beside the stylesheet and the image it waits for.
    const preloads = [
      image && imagePreload(image, plan?.imageSizes),
      ...(rendered ? [] : chunks.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`)),
    ].filter(Boolean);
    // after index.html's own tags: its stylesheet, which the first paint waits for, is fetched first
    const page = withRender(described, facts, rendered, chunks)
      .replace("</head>", () => `  ${preloads.join("\n    ")}\n  </head>`)
      .replace("<!--boot-->", () =>
        boot ? `<script type="application/json" id="boot-data">${scriptJson(boot)}</script>` : "",
      );
    return { status: seo.status, page };
  };

  // A visitor's page is the same for everyone with the same URL and language, and rendering it is
  // the costliest thing the server does (~35 ms for home): it is kept for the catalogue answers'
  // time, as its answers are, and a burst of visitors on a page it has not kept waits for one render.
  // At most 100 pages (home is ~400 KB): a crawler of every query string costs renders, not memory.
  const kept = visitorAnswerCache<Promise<FilledPage>>(deps.config.catalogCacheMs, 100);
  return (req: FastifyRequest, html: string): Promise<FilledPage> => {
    if (!renderedForVisitor(req)) return fill(req, html);
    const key = `${cookie(req, LOCALE_COOKIE) ?? ""} ${req.url}`;
    const hit = kept.get(key);
    if (hit) {
      const counted = pagePlan(req.url)?.counted;
      if (counted) void ask(req, counted, DEFAULT_LOCALE).catch(logged(req)); // a view in any language
      return hit;
    }
    const filled = fill(req, html);
    kept.set(key, filled);
    filled.catch(() => kept.delete(key));
    return filled;
  };
}

type FilledPage = { status: 200 | 404; page: string };

/**
 * Whether the page is a visitor's: rendered by the server in the default currency (a shopper's other
 * choice lives in their browser), the same for every visitor of its URL and language.
 */
const renderedForVisitor = (req: FastifyRequest) =>
  cookie(req, SIGNED_IN_COOKIE) !== "1" && !cookie(req, CURRENCY_COOKIE);

/** The `lang` of a page link (`?lang=ar`), when it is one. */
function linkedLocale(url: string): string | undefined {
  const query = url.split("?")[1];
  const lang = query ? new URLSearchParams(query).get("lang") : null;
  return lang && /^[A-Za-z0-9_-]{2,10}$/.test(lang) ? lang : undefined;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const brotliAt = (page: string, quality: number) =>
  brotli(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });

/**
 * Pages compressed at brotli's best (10% smaller than its quick levels, which matters for a page's
 * first round trip), by content hash: a page is the same for every visitor of a URL, locale and
 * catalogue state. Best compression takes ~80 ms, so it runs after the page went out compressed quickly.
 */
const bestPages = new Map<string, Buffer>();
const compressing = new Set<string>();
const BEST_PAGES_MAX = 200;
/** Quick compressions under way, by content hash: the visitors a kept page has all get one. */
const quickPages = new Map<string, Promise<Buffer>>();

function quickPage(key: string, page: string): Promise<Buffer> {
  let quick = quickPages.get(key);
  if (!quick) {
    quick = brotliAt(page, 5).finally(() => quickPages.delete(key));
    quickPages.set(key, quick);
  }
  return quick;
}

function rememberBest(key: string, page: string) {
  if (compressing.has(key)) return;
  compressing.add(key);
  brotliAt(page, 11)
    .then((buffer) => {
      bestPages.set(key, buffer);
      if (bestPages.size > BEST_PAGES_MAX) bestPages.delete(bestPages.keys().next().value as string);
    })
    .catch(() => undefined)
    .finally(() => compressing.delete(key));
}

/**
 * Sends a page's HTML, compressed when the browser accepts it: the SPA fallback is no route, so
 * @fastify/compress does not see it. The page depends on cookies and is never cached.
 */
export async function sendPage(req: FastifyRequest, reply: FastifyReply, page: string) {
  reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").header("vary", "cookie, accept-encoding");
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (req.method !== "GET" || page.length < 1024) return reply.send(page);
  if (/\bbr\b/.test(accepted)) {
    const key = createHash("sha1").update(page).digest("base64");
    const best = bestPages.get(key);
    if (!best) rememberBest(key, page);
    return reply.header("content-encoding", "br").send(best ?? (await quickPage(key, page)));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header("content-encoding", "gzip").send(await gzip(page));
  return reply.send(page);
}
