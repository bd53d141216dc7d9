import {
  type Country,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  type Master,
  master,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
} from "@market/contract";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { DbHandle } from "../../db/index.ts";
import { shippedUiMessages } from "../../db/seed/ui-messages.ts";
import type { AppDeps, DbDeps } from "../../deps.ts";
import { notFound } from "../../lib/errors.ts";
import { type KeptAnswer, weakEtag } from "../../lib/http-cache.ts";
import { tr } from "../../lib/i18n.ts";
import { toMajor } from "../../lib/money.ts";
import { TtlCache } from "../../lib/ttl-cache.ts";
import { socialAuths } from "../auth/social.service.ts";
import { clearCatalogCache } from "../catalog/catalog.service.ts";
import { gatewayTitle, offeredGateways } from "../payments/gateways.ts";
import * as repo from "./settings.repository.ts";

/** The `settings` rows as stored (key -> JSON); money in minor units. Missing keys get defaults. */
const storedSettings = z.object({
  app_name: z.string().default("Marketplace"),
  logo: z.string().default(""),
  favicon: z.string().default(""),
  app_locale: z.string().default(DEFAULT_LOCALE),
  multi_vendor: z.boolean().default(true),
  cash_on_delivery: z.boolean().default(true),
  online_payment: z.boolean().default(false),
  payment_gateways: master.shape.payment_gateways.default([]),
  delivery_charges: z
    .object({ type: z.string(), default_charge: z.number().int() })
    .default({ type: "shop", default_charge: 0 }),
  mobile: z.string().default(""),
  email: z.string().default(""),
  address: z.string().default(""),
  web_show_footer: z.boolean().default(true),
  footer_text: z.string().default(""),
  footer_description: z.string().default(""),
  /**
   * the footer's texts in other languages, as rows' i18n columns ({ "ar": { "footer_text": "…" } }),
   * and each payment gateway's title as `gateway_<name>`
   */
  i18n: z.record(z.string(), z.record(z.string(), z.string())).default({}),
  footer_logo: z.string().default(""),
  footer_qr: z.string().default(""),
  google_playstore_link: z.string().default(""),
  app_store_link: z.string().default(""),
  show_download_app: z.boolean().default(false),
  theme_colors: z.record(z.string(), z.string()).default({}),
  pusher_app_key: z.string().default("marketplace-key"),
  pusher_app_cluster: z.string().default("mt1"),
  register_otp_verify: z.boolean().default(false),
  register_otp_type: z.enum(["email", "phone"]).default("email"),
  forgot_otp_type: z.enum(["email", "phone"]).default("email"),
  order_place_account_verify: z.boolean().default(false),
  phone_required: z.boolean().default(true),
  phone_min_length: z.number().int().default(PHONE_MIN_LENGTH),
  phone_max_length: z.number().int().default(PHONE_MAX_LENGTH),
  return_order_within_days: z.number().int().default(7),
  /** new and edited products wait for the operator's approval (admin console, products) */
  product_moderation: z.boolean().default(false),
});
export type SiteSettings = z.infer<typeof storedSettings>;

type Rows<F extends (...a: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;
interface SiteData {
  settings: SiteSettings;
  languages: Rows<typeof repo.languages>;
  currencies: Rows<typeof repo.currencies>;
  menus: Rows<typeof repo.menus>;
  footers: Rows<typeof repo.footers>;
  footerItems: Rows<typeof repo.footerItems>;
  socialLinks: Rows<typeof repo.socialLinks>;
}

// /api/master is read on every page load and benchmarked, so its answers are serialised once per
// database and locale and kept until a write calls invalidateSettings, or until the catalogue cache
// time has passed: another instance's write reaches this one's visitors within that time too.
interface Cache {
  created: number;
  site?: Promise<SiteData>;
  json: Map<string, Promise<KeptJson>>;
}
/** A serialised answer with its ETag, both made once. */
export interface KeptJson {
  body: string;
  etag: string;
}
const caches = new WeakMap<DbHandle, Cache>();
/** The cache time of each database's answers (the app's catalogue cache time, set at start). */
const cacheTimes = new WeakMap<DbHandle, number>();
const DEFAULT_CACHE_MS = 5000;

/** Keeps this database's cached settings answers at most `ms` (the catalogue cache time). */
export function setSettingsCacheTime({ dbh }: DbDeps, ms: number): void {
  cacheTimes.set(dbh, ms);
}

function cacheOf(dbh: DbHandle): Cache {
  let cache = caches.get(dbh);
  const now = Date.now();
  if (!cache || now - cache.created >= (cacheTimes.get(dbh) ?? DEFAULT_CACHE_MS)) {
    cache = { created: now, json: new Map() };
    caches.set(dbh, cache);
  }
  return cache;
}

/**
 * What this database's visitors were sent (lib/http-cache.ts keeps it and answers from it before a
 * request is parsed), kept as long as the answers it was made from.
 */
const visitorAnswers = new WeakMap<DbHandle, TtlCache<KeptAnswer>>();

export function settingsVisitorCache({ dbh }: DbDeps): TtlCache<KeptAnswer> {
  let cache = visitorAnswers.get(dbh);
  if (!cache) {
    cache = new TtlCache(cacheTimes.get(dbh) ?? DEFAULT_CACHE_MS, 100);
    visitorAnswers.set(dbh, cache);
  }
  return cache;
}

/** Drops every cached settings answer of this database; call after writing settings tables. */
export function invalidateSettings({ dbh }: DbDeps): void {
  caches.delete(dbh);
  visitorAnswers.get(dbh)?.clear();
  clearCatalogCache(); // a visitor's kept page carries /api/master in its boot data
}

function remember(cache: Cache, key: string, make: () => Promise<KeptJson>): Promise<KeptJson> {
  let hit = cache.json.get(key);
  if (!hit) {
    hit = make();
    cache.json.set(key, hit);
    hit.catch(() => cache.json.delete(key));
  }
  return hit;
}

async function loadSite(dbh: DbHandle): Promise<SiteData> {
  const { db } = dbh;
  const [rows, languages, currencies, menus, footers, footerItems, socialLinks] = await Promise.all([
    repo.settingRows(db),
    repo.languages(db),
    repo.currencies(db),
    repo.menus(db),
    repo.footers(db),
    repo.footerItems(db),
    repo.socialLinks(db),
  ]);
  const raw = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
  return { settings: storedSettings.parse(raw), languages, currencies, menus, footers, footerItems, socialLinks };
}

function site(dbh: DbHandle): Promise<SiteData> {
  const cache = cacheOf(dbh);
  if (!cache.site) {
    cache.site = loadSite(dbh);
    cache.site.catch(() => {
      cache.site = undefined;
    });
  }
  return cache.site;
}

/** The site settings as stored now, not cached: for the admin console's form and its audit. */
export async function loadSiteSettings({ dbh }: DbDeps): Promise<SiteSettings> {
  const rows = await repo.settingRows(dbh.db);
  return storedSettings.parse(Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown])));
}

/** The site settings for other modules' rules (OTP channel, phone lengths, flags). */
export async function getSiteSettings({ dbh }: DbDeps): Promise<SiteSettings> {
  return (await site(dbh)).settings;
}

/** The site's languages in their order, for other modules (sitemaps' alternates). */
export async function siteLanguages({ dbh }: DbDeps) {
  return (await site(dbh)).languages;
}

function envelopeJson(data: unknown): KeptJson {
  const body = JSON.stringify({ message: "Success", data });
  return { body, etag: weakEtag(body) };
}

const SELLER_REGISTRATION_PATH = "/shop/register";

function buildMaster(s: SiteData, config: Config, locale: string): Master {
  const { settings } = s;
  const footerTexts = { ...settings, i18n: JSON.stringify(settings.i18n) };
  const byDefault = s.currencies.find((c) => c.is_default === 1) ?? s.currencies[0];
  // The spec offers seller registration only in multi-vendor mode, operator's links to it too.
  const offered = (link: { url: string | null }) => settings.multi_vendor || link.url !== SELLER_REGISTRATION_PATH;
  const toCurrency = (c: (typeof s.currencies)[number]) => ({
    id: c.id,
    name: c.name,
    symbol: c.symbol,
    position: c.position,
    rate: Number(c.rate),
    rate_from_default: byDefault ? Math.round((Number(c.rate) / Number(byDefault.rate)) * 1e6) / 1e6 : 1,
    is_default: c.is_default === 1,
    decimals: c.decimals,
  });
  const currencies = s.currencies.map(toCurrency);
  const currency = byDefault
    ? toCurrency(byDefault)
    : { id: 0, ...DEFAULT_CURRENCY, rate: 1, rate_from_default: 1, is_default: true, decimals: 2 };
  return {
    app_name: settings.app_name,
    logo: settings.logo,
    favicon: settings.favicon,
    app_locale: settings.app_locale,
    app_environment: config.APP_ENV,
    currency,
    currencies,
    languages: s.languages.map((l) => ({
      id: l.id,
      name: l.locale,
      title: l.title,
      direction: l.direction,
      is_default: l.is_default === 1,
    })),
    cash_on_delivery: settings.cash_on_delivery,
    online_payment: settings.online_payment,
    payment_gateways: offeredGateways({ config }, settings.payment_gateways).map((g) => ({
      ...g,
      title: gatewayTitle(settings, g, locale),
    })),
    delivery_charges: {
      type: settings.delivery_charges.type,
      default_charge: toMajor(settings.delivery_charges.default_charge),
    },
    multi_vendor: settings.multi_vendor,
    mobile: settings.mobile,
    email: settings.email,
    address: settings.address,
    web_show_footer: settings.web_show_footer,
    footer_text: tr(footerTexts, "footer_text", locale),
    footer_description: tr(footerTexts, "footer_description", locale),
    footer_logo: settings.footer_logo,
    footer_qr: settings.footer_qr,
    google_playstore_link: settings.google_playstore_link,
    app_store_link: settings.app_store_link,
    show_download_app: settings.show_download_app,
    social_links: s.socialLinks,
    theme_colors: settings.theme_colors,
    // The realtime server browsers reach: ours (APP_URL) or the Pusher-compatible one configured.
    pusher_app_key: config.realtime.key,
    pusher_app_cluster: config.realtime.cluster,
    pusher_host: config.realtime.client.host,
    pusher_port: config.realtime.client.port,
    pusher_scheme: config.realtime.client.scheme,
    register_otp_verify: settings.register_otp_verify,
    register_otp_type: settings.register_otp_type,
    forgot_otp_type: settings.forgot_otp_type,
    order_place_account_verify: settings.order_place_account_verify,
    phone_required: settings.phone_required,
    phone_min_length: settings.phone_min_length,
    phone_max_length: settings.phone_max_length,
    return_order_within_days: settings.return_order_within_days,
    // From the environment, where the providers' secrets are (modules/auth/social.service.ts).
    social_auths: socialAuths({ config }),
    menus: s.menus.filter(offered).map((m) => ({
      id: m.id,
      name: m.name,
      title: tr(m, "title", locale),
      url: m.url,
      target: m.target,
      is_external: m.is_external === 1,
    })),
    footers: s.footers.map((f) => ({
      id: f.id,
      title: tr(f, "title", locale),
      items: s.footerItems
        .filter((i) => i.footer_id === f.id && offered(i))
        .map((i) => ({
          id: i.id,
          type: i.type as Master["footers"][number]["items"][number]["type"],
          title: tr(i, "title", locale),
          url: i.url,
          target: i.target,
        })),
    })),
  };
}

/** `GET /api/master` body, serialised; names of menus and footers in the request's language. */
export async function masterJson(
  { dbh, config }: Pick<AppDeps, "dbh" | "config">,
  requested: string,
): Promise<KeptJson> {
  const data = await site(dbh);
  const locale = data.languages.some((l) => l.locale === requested) ? requested : DEFAULT_LOCALE;
  return remember(cacheOf(dbh), `master:${locale}:${config.APP_ENV}:${config.appUrl}`, async () =>
    envelopeJson(buildMaster(data, config, locale)),
  );
}

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/**
 * Whether `key` is one of the English keys, or a plural form English has not of an English plural
 * key (Arabic "cart.items_few" of "cart.items_one"/"cart.items_other"; i18next picks the form with
 * `Intl.PluralRules` of the language).
 */
function knownKey(english: Record<string, string>, key: string): boolean {
  if (key in english) return true;
  const base = key.replace(PLURAL_FORM, "");
  return base !== key && `${base}_one` in english && `${base}_other` in english;
}

/**
 * Every interface text of `locale`: the shipped locale file under the texts the admin console set
 * (`translations`), English (shipped, then set) where the locale has none. Keys are the English
 * ones, plus the locale's own plural forms of English plural keys.
 */
export async function uiMessages({ dbh }: DbDeps, locale: string): Promise<Record<string, string>> {
  const shipped = shippedUiMessages();
  const [englishSet, ownSet] = await Promise.all([
    repo.translations(dbh.db, DEFAULT_LOCALE),
    locale === DEFAULT_LOCALE ? [] : repo.translations(dbh.db, locale),
  ]);
  const messages: Record<string, string> = { ...shipped[DEFAULT_LOCALE] };
  for (const r of englishSet) if (r.key in messages) messages[r.key] = r.value;
  if (locale !== DEFAULT_LOCALE) {
    const english = { ...messages };
    for (const [key, value] of Object.entries(shipped[locale] ?? {})) {
      if (knownKey(english, key)) messages[key] = value;
    }
    for (const r of ownSet) if (knownKey(english, r.key)) messages[r.key] = r.value;
  }
  return messages;
}

/** `GET /api/lang/{locale}` body: every UI message, English where the locale lacks a key. */
export async function langJson({ dbh }: DbDeps, locale: string): Promise<KeptJson> {
  const data = await site(dbh);
  if (!data.languages.some((l) => l.locale === locale)) throw notFound("Language");
  return remember(cacheOf(dbh), `lang:${locale}`, async () => envelopeJson(await uiMessages({ dbh }, locale)));
}

/** `GET /api/countries` body. */
export function countriesJson({ dbh }: DbDeps): Promise<KeptJson> {
  return remember(cacheOf(dbh), "countries", async () => {
    const countries: Country[] = (await repo.countries(dbh.db)).map((c) => ({
      id: c.id,
      name: c.name,
      code: c.code,
      phone_code: c.phone_code,
    }));
    return envelopeJson({ countries });
  });
}
