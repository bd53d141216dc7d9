import type { Db } from "../../db/index.ts";
import type { AppDeps } from "../../deps.ts";
import { escapeHtml } from "../../lib/html.ts";
import { siteLanguages } from "../settings/settings.service.ts";
import * as repo from "./sitemap.repository.ts";

// robots.txt and the sitemaps crawlers read: an index naming every page of every kind, and pages
// of at most SITEMAP_PAGE_SIZE things. With more than one language each thing is listed once per
// language (`?lang=xx`, the default language's being the plain URL), every version naming all the
// others with hreflang, as search engines ask: alternates must point at each other.

export type SitemapDeps = Pick<AppDeps, "dbh" | "config">;

export const SITEMAP_KINDS = ["products", "shops", "categories", "blog", "pages"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** Things per sitemap page: with a dozen languages still well below the protocol's 50,000 URLs and 50 MB. */
export const SITEMAP_PAGE_SIZE = 1000;

/** Private areas of the web app (apps/web/src/app/router.tsx: account, checkout, seller, admin). */
const PRIVATE_PREFIXES = [
  "/admin",
  "/seller",
  "/checkout",
  "/buynow",
  "/dashboard",
  "/order-history",
  "/wishlist",
  "/profile",
  "/manage-address",
  "/change-password",
  "/notifications",
  "/support-ticket",
  "/massages",
  "/messages",
  "/reviews",
  "/staff-invite/",
];

/** Public pages that list things; the pages kind names them before the content pages. */
const LIST_PAGES = ["/", "/products", "/shops", "/categories", "/brands", "/blogs", "/most-popular", "/best-deal"];

/** Content pages the web app serves at their own path; any other page is at /page/{slug}. */
const OWN_PATH_PAGES = new Set(["terms-and-conditions", "privacy-policy", "about-us", "contact-us"]);

interface Entry {
  path: string;
  /** ISO-8601 time of the last change, when the table keeps one */
  changed?: string | null;
}

interface Source {
  count(db: Db): Promise<number>;
  entries(db: Db, offset: number, limit: number): Promise<Entry[]>;
}

const slug = encodeURIComponent;

const sources: Record<SitemapKind, Source> = {
  products: {
    count: repo.countProducts,
    entries: async (db, offset, limit) =>
      (await repo.products(db, offset, limit)).map((r) => ({
        path: `/products/${r.id}/details/${slug(r.slug)}`,
        changed: r.updated_at ?? r.created_at,
      })),
  },
  shops: {
    count: repo.countShops,
    entries: async (db, offset, limit) =>
      (await repo.shops(db, offset, limit)).map((r) => ({ path: `/shops/${r.id}`, changed: r.created_at })),
  },
  categories: {
    count: repo.countCategories,
    entries: async (db, offset, limit) =>
      (await repo.categories(db, offset, limit)).map((r) => ({ path: `/categories/${slug(r.slug)}` })),
  },
  blog: {
    count: repo.countBlogPosts,
    entries: async (db, offset, limit) =>
      (await repo.blogPosts(db, offset, limit)).map((r) => ({ path: `/blog/${slug(r.slug)}`, changed: r.created_at })),
  },
  pages: {
    count: async (db) => LIST_PAGES.length + (await repo.countPages(db)),
    entries: async (db, offset, limit) => {
      const lists = LIST_PAGES.slice(offset, offset + limit).map((path) => ({ path }));
      if (lists.length === limit) return lists;
      const rows = await repo.pages(db, Math.max(0, offset - LIST_PAGES.length), limit - lists.length);
      const pagePath = (s: string) => (OWN_PATH_PAGES.has(s) ? `/${s}` : `/page/${slug(s)}`);
      return [...lists, ...rows.map((r) => ({ path: pagePath(r.slug) }))];
    },
  },
};

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const absolute = (appUrl: string, path: string) => new URL(path, appUrl).href;

/** A W3C datetime (seconds, UTC) of a stored ISO-8601 time, or null when it does not parse. */
function w3cTime(iso: string | null | undefined): string | null {
  const time = iso ? new Date(iso) : null;
  return time && !Number.isNaN(time.getTime()) ? time.toISOString().replace(/\.\d{3}Z$/, "Z") : null;
}

export function robotsTxt({ config }: Pick<AppDeps, "config">): string {
  // /api/ stays open: crawlers that run the page's JavaScript fetch its data from there.
  return [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${absolute(config.appUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

/** The sitemap index: every page of every kind (an empty kind still has its page 1). */
export async function sitemapIndex({ dbh, config }: SitemapDeps): Promise<string> {
  const counts = await Promise.all(SITEMAP_KINDS.map((kind) => sources[kind].count(dbh.db)));
  const locs = SITEMAP_KINDS.flatMap((kind, i) => {
    const pages = Math.max(1, Math.ceil((counts[i] ?? 0) / SITEMAP_PAGE_SIZE));
    return Array.from({ length: pages }, (_, p) => absolute(config.appUrl, `/sitemaps/${kind}-${p + 1}.xml`));
  });
  return [
    XML_HEAD,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...locs.map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

/** One page of a kind's sitemap (pages count from 1), or null past its last page. */
export async function sitemapPage(
  { dbh, config }: SitemapDeps,
  kind: SitemapKind,
  page: number,
): Promise<string | null> {
  const [entries, languages] = await Promise.all([
    sources[kind].entries(dbh.db, (page - 1) * SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE),
    siteLanguages({ dbh }),
  ]);
  if (entries.length === 0 && page > 1) return null;
  const fallback = languages.find((l) => l.is_default === 1) ?? languages[0];
  const urls = entries.flatMap((entry) => {
    const plain = absolute(config.appUrl, entry.path);
    const lastmod = w3cTime(entry.changed);
    const tail = lastmod ? `<lastmod>${lastmod}</lastmod>` : "";
    if (languages.length < 2) return [`<url><loc>${escapeHtml(plain)}</loc>${tail}</url>`];
    const versions = languages.map((l) => ({
      hreflang: l.locale,
      href: l === fallback ? plain : `${plain}?lang=${encodeURIComponent(l.locale)}`,
    }));
    const links = [...versions, { hreflang: "x-default", href: plain }]
      .map((v) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(v.hreflang)}" href="${escapeHtml(v.href)}"/>`)
      .join("");
    return versions.map((v) => `<url><loc>${escapeHtml(v.href)}</loc>${tail}${links}</url>`);
  });
  return [
    XML_HEAD,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
