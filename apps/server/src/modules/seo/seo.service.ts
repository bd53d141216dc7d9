import { DEFAULT_CURRENCY } from "@market/contract";
import type { DbHandle } from "../../db/index.ts";
import type { AppDeps } from "../../deps.ts";
import { escapeHtml } from "../../lib/html.ts";
import { tr } from "../../lib/i18n.ts";
import { productCards } from "../catalog/catalog.service.ts";
import * as repo from "./seo.repository.ts";

// Title, description, canonical link, Open Graph tags and (products) JSON-LD for the initial HTML
// of product, shop, category and blog URLs, so crawlers that run no JavaScript see them.

export interface SeoTags {
  title: string;
  description: string;
  /** absolute URL */
  canonical: string;
  image?: string | undefined;
  type: "website" | "product" | "article";
  jsonLd?: Record<string, unknown> | undefined;
}

export type SeoDeps = Pick<AppDeps, "dbh" | "config">;

/** What one page's tags are read with. */
interface SeoContext {
  dbh: DbHandle;
  /** the site's origin, e.g. https://shop.example */
  appUrl: string;
  locale: string;
}

const DESCRIPTION_MAX = 200;

/** JSON for a <script> element: no `<` (so no `</script>`) and no line separators survive. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** Plain text of a description: tags dropped, spaces collapsed, cut at a word. */
function plain(text: string): string {
  const flat = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 100 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

function absolute(appUrl: string, url: string): string {
  try {
    return new URL(url, appUrl).toString();
  } catch {
    return appUrl;
  }
}

async function productTags(ctx: SeoContext, id: number): Promise<SeoTags | null> {
  const row = await repo.product(ctx.dbh.db, id);
  if (!row) return null;
  const [[card], currency] = await Promise.all([productCards(ctx, [id], ctx.locale), repo.defaultCurrency(ctx.dbh.db)]);
  if (!card) return null;
  const canonical = absolute(ctx.appUrl, `/products/${row.id}/details/${encodeURIComponent(row.slug)}`);
  const image = absolute(ctx.appUrl, row.thumbnail);
  const description = plain(tr(row, "meta_description", ctx.locale) || tr(row, "short_description", ctx.locale));
  const price = card.discount_price > 0 ? card.discount_price : card.price;
  return {
    title: tr(row, "meta_title", ctx.locale) || card.name,
    description,
    canonical,
    image,
    type: "product",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Product",
      name: card.name,
      sku: String(card.id),
      image: [image],
      description,
      category: card.category.name,
      ...(card.brand && { brand: { "@type": "Brand", name: card.brand.name } }),
      ...(card.total_reviews > 0 && {
        aggregateRating: { "@type": "AggregateRating", ratingValue: card.rating, reviewCount: card.total_reviews },
      }),
      offers: {
        "@type": "Offer",
        url: canonical,
        price: price.toFixed(2),
        priceCurrency: currency ?? DEFAULT_CURRENCY.name,
        availability: card.quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        seller: { "@type": "Organization", name: card.shop.name },
      },
    },
  };
}

async function shopTags(ctx: SeoContext, id: number): Promise<SeoTags | null> {
  const row = await repo.shop(ctx.dbh.db, id);
  if (!row) return null;
  return {
    title: tr(row, "name", ctx.locale),
    description: plain(tr(row, "description", ctx.locale)),
    canonical: absolute(ctx.appUrl, `/shops/${row.id}`),
    image: absolute(ctx.appUrl, row.logo),
    type: "website",
  };
}

async function categoryTags(ctx: SeoContext, slugOrId: string): Promise<SeoTags | null> {
  const row = await repo.category(ctx.dbh.db, slugOrId);
  if (!row) return null;
  const subs = await repo.subCategoryNames(ctx.dbh.db, row.id);
  const name = tr(row, "name", ctx.locale);
  return {
    title: name,
    description: plain([name, ...subs.map((s) => tr(s, "name", ctx.locale))].join(", ")),
    canonical: absolute(ctx.appUrl, `/categories/${encodeURIComponent(row.slug)}`),
    image: absolute(ctx.appUrl, row.thumbnail),
    type: "website",
  };
}

async function blogTags(ctx: SeoContext, slug: string): Promise<SeoTags | null> {
  const row = await repo.blogPost(ctx.dbh.db, slug);
  if (!row) return null;
  return {
    title: tr(row, "title", ctx.locale),
    description: plain(tr(row, "excerpt", ctx.locale)),
    canonical: absolute(ctx.appUrl, `/blog/${encodeURIComponent(row.slug)}`),
    image: absolute(ctx.appUrl, row.thumbnail),
    type: "article",
  };
}

/** The tags for a page URL (path and optional query), or null for URLs without their own. */
export async function seoTags(deps: SeoDeps, url: string, locale: string): Promise<SeoTags | null> {
  const ctx: SeoContext = { dbh: deps.dbh, appUrl: deps.config.appUrl, locale };
  let path: string;
  try {
    path = decodeURIComponent((url.split("?")[0] ?? "").replace(/\/+$/, ""));
  } catch {
    return null; // a malformed escape: the SPA shows Page Not Found
  }
  const product = path.match(/^\/products\/(\d{1,9})\/details(?:\/[^/]*)?$/);
  if (product) return productTags(ctx, Number(product[1]));
  const shop = path.match(/^\/shops\/(\d{1,9})$/);
  if (shop) return shopTags(ctx, Number(shop[1]));
  const category = path.match(/^\/categories\/([^/]{1,200})$/);
  if (category) return categoryTags(ctx, category[1] as string);
  const blog = path.match(/^\/blog\/([^/]{1,200})$/);
  if (blog) return blogTags(ctx, blog[1] as string);
  return null;
}

/** index.html with the page's <title> and tags in place of its `<!--seo-->` marker. */
export function renderSeo(html: string, tags: SeoTags | null, appName: string): string {
  // Pages without tags of their own still carry the site's name, not index.html's placeholder.
  if (!tags) return appName ? withTitle(html, appName) : html;
  const title = [tags.title, appName].filter(Boolean).join(" | ");
  const meta = [
    `<meta name="description" content="${escapeHtml(tags.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(tags.canonical)}" />`,
    `<meta property="og:title" content="${escapeHtml(tags.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(tags.description)}" />`,
    `<meta property="og:type" content="${tags.type}" />`,
    `<meta property="og:url" content="${escapeHtml(tags.canonical)}" />`,
    appName && `<meta property="og:site_name" content="${escapeHtml(appName)}" />`,
    tags.image && `<meta property="og:image" content="${escapeHtml(tags.image)}" />`,
    `<meta name="twitter:card" content="${tags.image ? "summary_large_image" : "summary"}" />`,
    tags.jsonLd && `<script type="application/ld+json">${scriptJson(tags.jsonLd)}</script>`,
  ]
    .filter(Boolean)
    .join("\n    ");
  return withTitle(html, title).replace("<!--seo-->", () => meta);
}

const withTitle = (html: string, title: string) =>
  html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`);

/** index.html for a page request: with the page's SEO tags when the URL has them. */
export async function seoHtml(deps: SeoDeps, html: string, url: string, locale: string): Promise<string> {
  const tags = await seoTags(deps, url, locale);
  const appName = await repo.setting(deps.dbh.db, "app_name");
  return renderSeo(html, tags, typeof appName === "string" ? appName : "");
}
