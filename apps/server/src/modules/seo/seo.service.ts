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
  /** "Home", in `locale`: the breadcrumbs' first step */
  home: string;
  /** the site's description, in `locale` */
  about: string;
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

/** Schema.org nodes as one JSON-LD document. */
const graph = (...nodes: Record<string, unknown>[]) => ({ "@context": "https://schema.org", "@graph": nodes });

/** Home, then each [name, path] of the trail. */
function breadcrumbs(ctx: SeoContext, trail: Array<[string, string]>): Record<string, unknown> {
  return {
    "@type": "BreadcrumbList",
    itemListElement: [[ctx.home, "/"] as [string, string], ...trail].map(([name, url], i) => ({
      "@type": "ListItem",
      position: i + 1,
      name,
      item: absolute(ctx.appUrl, url),
    })),
  };
}

async function productTags(ctx: SeoContext, id: number): Promise<SeoTags | null> {
  const row = await repo.product(ctx.dbh.db, id);
  if (!row) return null;
  const [[card], currency] = await Promise.all([productCards(ctx, [id], ctx.locale), repo.defaultCurrency(ctx.dbh.db)]);
  if (!card) return null;
  const canonical = absolute(ctx.appUrl, `/products/${row.id}/details/${encodeURIComponent(row.slug)}`);
  const categoryPath = `/categories/${encodeURIComponent(card.category.slug)}`;
  const image = absolute(ctx.appUrl, row.thumbnail);
  const description = plain(tr(row, "meta_description", ctx.locale) || tr(row, "short_description", ctx.locale));
  const price = card.discount_price > 0 ? card.discount_price : card.price;
  return {
    title: tr(row, "meta_title", ctx.locale) || card.name,
    description,
    canonical,
    image,
    type: "product",
    jsonLd: graph(
      breadcrumbs(ctx, [
        [card.category.name, categoryPath],
        ...(row.sub_category_id === null || row.sub_category_name === null
          ? []
          : [
              [
                tr({ name: row.sub_category_name, i18n: row.sub_category_i18n ?? "{}" }, "name", ctx.locale),
                `${categoryPath}?subcategory=${row.sub_category_id}`,
              ] as [string, string],
            ]),
        [card.name, canonical],
      ]),
      {
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
    ),
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
    jsonLd: graph(breadcrumbs(ctx, [[name, `/categories/${encodeURIComponent(row.slug)}`]])),
  };
}

async function blogTags(ctx: SeoContext, slug: string): Promise<SeoTags | null> {
  const row = await repo.blogPost(ctx.dbh.db, slug);
  if (!row) return null;
  const title = tr(row, "title", ctx.locale);
  const canonical = absolute(ctx.appUrl, `/blog/${encodeURIComponent(row.slug)}`);
  const image = absolute(ctx.appUrl, row.thumbnail);
  return {
    title,
    description: plain(tr(row, "excerpt", ctx.locale)),
    canonical,
    image,
    type: "article",
    jsonLd: graph({
      "@type": "BlogPosting",
      headline: title,
      image: [image],
      datePublished: new Date(row.created_at).toISOString(),
      mainEntityOfPage: canonical,
      inLanguage: ctx.locale,
    }),
  };
}

async function brandTags(ctx: SeoContext, slug: string): Promise<SeoTags | null> {
  const row = await repo.brand(ctx.dbh.db, slug);
  if (!row) return null;
  return {
    title: row.name,
    description: plain(`${row.name}: ${ctx.about}`),
    canonical: absolute(ctx.appUrl, `/brands/${encodeURIComponent(row.slug)}`),
    image: absolute(ctx.appUrl, row.logo),
    type: "website",
  };
}

/** A static page: its own route (/about-us...) or /page/{slug}. */
async function pageTags(ctx: SeoContext, slug: string, path: string): Promise<SeoTags | null> {
  const row = await repo.page(ctx.dbh.db, slug);
  if (!row) return null;
  return {
    title: tr(row, "title", ctx.locale),
    description: plain(tr(row, "body", ctx.locale)),
    canonical: absolute(ctx.appUrl, path),
    type: "website",
  };
}

async function flashSaleTags(ctx: SeoContext, id: number): Promise<SeoTags | null> {
  const row = await repo.flashSale(ctx.dbh.db, id);
  if (!row) return null;
  const name = tr(row, "name", ctx.locale);
  return {
    title: name,
    description: plain(`${name}: ${ctx.about}`),
    canonical: absolute(ctx.appUrl, `/flash-sale/${row.id}`),
    image: absolute(ctx.appUrl, row.thumbnail),
    type: "website",
  };
}

type Lookup = (ctx: SeoContext, key: string, path: string) => Promise<SeoTags | null>;

/** The URLs that name one thing, which the page describes, or is Page Not Found without. */
/** A lookup by a numeric id: any other key ("abc", "-1") names nothing. */
const byId =
  (lookup: (ctx: SeoContext, id: number) => Promise<SeoTags | null>): Lookup =>
  async (ctx, key) =>
    /^\d{1,9}$/.test(key) ? lookup(ctx, Number(key)) : null;

const ENTITIES: Array<[RegExp, Lookup]> = [
  [/^\/products\/([^/]{1,200})\/details(?:\/[^/]*)?$/, byId(productTags)],
  [/^\/shops\/([^/]{1,200})$/, byId(shopTags)],
  [/^\/flash-sale\/([^/]{1,200})$/, byId(flashSaleTags)],
  [/^\/categories\/([^/]{1,200})$/, categoryTags],
  [/^\/blog\/([^/]{1,200})$/, blogTags],
  [/^\/brands\/([^/]{1,200})$/, brandTags],
  [/^\/page\/([^/]{1,200})$/, pageTags],
  [/^\/(about-us|terms-and-conditions|privacy-policy|contact-us)$/, pageTags],
];

/** What the web app's route table says of a URL (apps/web/src/entry-server.tsx `describe`). */
export interface RouteFacts {
  status: 200 | 404;
  /** the route's title in the page's language */
  title: string;
  notFoundTitle: string;
  /** "Home" */
  home: string;
  /** the site's description */
  description: string;
  /** the site's languages, and the one its plain URLs are in */
  locales: string[];
  defaultLocale: string;
}

export interface SeoPage {
  status: 200 | 404;
  tags: SeoTags;
  /** the page in each of the site's languages (`?lang=`), for hreflang alternates */
  alternates: Array<{ lang: string; href: string }>;
  /** the page for a reader of no language in particular */
  xDefault?: string;
}

/** The page at `url` (path and optional query): its status and tags, in `locale`. */
export async function seoPage(deps: SeoDeps, url: string, locale: string, facts: RouteFacts | null): Promise<SeoPage> {
  const ctx: SeoContext = {
    dbh: deps.dbh,
    appUrl: deps.config.appUrl,
    locale,
    home: facts?.home ?? "Home",
    about: facts?.description ?? "",
  };
  const notFound = (): SeoPage => ({
    status: 404,
    tags: { title: facts?.notFoundTitle ?? "", description: "", canonical: absolute(ctx.appUrl, "/"), type: "website" },
    alternates: [],
  });
  let path: string;
  try {
    path = decodeURIComponent((url.split("?")[0] ?? "").replace(/\/+$/, "")) || "/";
  } catch {
    return notFound(); // a malformed escape
  }
  // The plain URL is the page in the site's language, `?lang=xx` in another (the sitemap's URLs too):
  // each version is its own canonical and names the others.
  const inLang = (href: string, lang: string) => (lang === facts?.defaultLocale ? href : withLang(href, lang));
  const linked = new URLSearchParams(url.split("?")[1] ?? "").get("lang");
  const found = (tags: SeoTags): SeoPage => ({
    status: 200,
    tags: {
      ...tags,
      // a thing without a description of its own (a seller's product without one) gets the site's
      description: tags.description || ctx.about,
      canonical: linked === locale ? inLang(tags.canonical, locale) : tags.canonical,
    },
    alternates: (facts?.locales ?? []).map((lang) => ({ lang, href: inLang(tags.canonical, lang) })),
    ...(facts && facts.locales.length > 1 && { xDefault: tags.canonical }),
  });
  for (const [pattern, lookup] of ENTITIES) {
    const match = path.match(pattern);
    if (match) {
      const tags = await lookup(ctx, match[1] as string, path);
      return tags ? found(tags) : notFound();
    }
  }
  if (facts?.status === 404) return notFound();
  const canonical = absolute(ctx.appUrl, path);
  return found({
    title: facts?.title ?? "",
    description: facts?.description ?? "",
    canonical,
    type: "website",
    jsonLd: path === "/" ? await siteJsonLd(ctx, canonical) : undefined,
  });
}

const withLang = (href: string, lang: string) =>
  `${href}${href.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`;

/** Home: the marketplace as an Organization, with its search. */
async function siteJsonLd(ctx: SeoContext, canonical: string): Promise<Record<string, unknown>> {
  const [name, logo] = await Promise.all([repo.setting(ctx.dbh.db, "app_name"), repo.setting(ctx.dbh.db, "logo")]);
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        name: typeof name === "string" ? name : "",
        url: canonical,
        ...(typeof logo === "string" && logo && { logo: absolute(ctx.appUrl, logo) }),
      },
      {
        "@type": "WebSite",
        url: canonical,
        potentialAction: {
          "@type": "SearchAction",
          target: `${absolute(ctx.appUrl, "/products")}?search={search_term_string}`,
          "query-input": "required name=search_term_string",
        },
      },
    ],
  };
}

/** "Title | Site", once: a seller's own title may already end with the site's name. */
export function pageTitle(title: string, appName: string): string {
  if (!appName || title === appName || title.endsWith(`| ${appName}`)) return title || appName;
  return [title, appName].filter(Boolean).join(" | ");
}

/** index.html with the page's <title>, tags and language in place of its `<!--seo-->` marker. */
export function renderSeo(html: string, page: SeoPage, appName: string, locale: string): string {
  const { tags } = page;
  const meta = [
    tags.description && `<meta name="description" content="${escapeHtml(tags.description)}" />`,
    page.status === 404 && `<meta name="robots" content="noindex" />`,
    page.status === 200 && `<link rel="canonical" href="${escapeHtml(tags.canonical)}" />`,
    ...page.alternates.map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.lang)}" href="${escapeHtml(a.href)}" />`,
    ),
    page.xDefault && `<link rel="alternate" hreflang="x-default" href="${escapeHtml(page.xDefault)}" />`,
    `<meta property="og:title" content="${escapeHtml(tags.title || appName)}" />`,
    tags.description && `<meta property="og:description" content="${escapeHtml(tags.description)}" />`,
    `<meta property="og:type" content="${tags.type}" />`,
    `<meta property="og:url" content="${escapeHtml(tags.canonical)}" />`,
    `<meta property="og:locale" content="${escapeHtml(locale)}" />`,
    appName && `<meta property="og:site_name" content="${escapeHtml(appName)}" />`,
    tags.image && `<meta property="og:image" content="${escapeHtml(tags.image)}" />`,
    `<meta name="twitter:card" content="${tags.image ? "summary_large_image" : "summary"}" />`,
    tags.jsonLd && `<script type="application/ld+json">${scriptJson(tags.jsonLd)}</script>`,
  ]
    .filter(Boolean)
    .join("\n    ");
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(pageTitle(tags.title, appName))}</title>`)
    .replace("<!--seo-->", () => meta);
}

export async function appName(deps: SeoDeps): Promise<string> {
  const value = await repo.setting(deps.dbh.db, "app_name");
  return typeof value === "string" ? value : "";
}
