import {
  type AdminCurrency,
  type AdminLanguage,
  type AdminSiteSettings,
  type AuditAction,
  type currencyBody,
  DEFAULT_LOCALE,
  type languageBody,
  ADMIN_SETTINGS_MESSAGES as M,
  type newLanguageBody,
  type Paginated,
  SITE_IMAGE_MAX_BYTES,
  type SiteImageField,
  type siteSettingsBody,
  type TranslationRow,
  type TranslationsImportData,
  type translationsQuery,
} from "@market/contract";
import type { z } from "zod";
import type { Db } from "../../db/index.ts";
import { shippedUiMessages } from "../../db/seed/ui-messages.ts";
import type { AppDeps, DbDeps } from "../../deps.ts";
import { inTransaction } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, fieldError, notFound } from "../../lib/errors.ts";
import { type ImageUpload, imageExtension } from "../../lib/image-upload.ts";
import { pageWindow, paginate } from "../../lib/paging.ts";
import { removeUpload, saveUpload } from "../../lib/uploads.ts";
import { invalidateSettings, loadSiteSettings, type SiteSettings } from "../settings/settings.service.ts";
import { recordAudit } from "./audit.service.ts";
import * as repo from "./site-settings.repository.ts";

// The console's site settings, languages with their interface texts, and currencies. Every change
// is written with its audit entry in one transaction, then the storefront's settings cache (master,
// languages' texts) is dropped; other instances follow within the catalogue cache time.

type Deps = Pick<AppDeps, "dbh" | "config">;

const inTx = <T>(deps: DbDeps, fn: (tx: DbDeps, trx: Db) => Promise<T>): Promise<T> =>
  deps.dbh.db.transaction().execute((trx) => fn(inTransaction(deps, trx), trx));

// ---- site settings ----

const FORM_KEYS = [
  "app_name",
  "footer_text",
  "footer_description",
  "logo",
  "favicon",
  "theme_colors",
  "register_otp_verify",
  "register_otp_type",
  "forgot_otp_type",
  "cash_on_delivery",
  "online_payment",
  "multi_vendor",
  "show_download_app",
  "google_playstore_link",
  "app_store_link",
  "order_place_account_verify",
  "phone_min_length",
  "phone_max_length",
  "return_order_within_days",
  "mobile",
  "email",
] as const satisfies readonly (keyof AdminSiteSettings & keyof SiteSettings)[];

const FOOTER_KEYS = ["footer_text", "footer_description"] as const;

function viewOf(s: SiteSettings): AdminSiteSettings {
  const footer_translations = Object.fromEntries(
    Object.entries(s.i18n)
      .filter(([, texts]) => FOOTER_KEYS.some((k) => texts[k]))
      .map(([code, texts]) => [
        code,
        { footer_text: texts.footer_text ?? "", footer_description: texts.footer_description ?? "" },
      ]),
  );
  return {
    ...(Object.fromEntries(FORM_KEYS.map((k) => [k, s[k]])) as Omit<AdminSiteSettings, "footer_translations">),
    footer_translations,
  };
}

/**
 * The stored `i18n` (footer texts and gateway titles per language) with the form's footer texts in:
 * a blank one is removed, so the storefront falls back to the default language's.
 */
function withFooterTexts(i18n: SiteSettings["i18n"], given: AdminSiteSettings["footer_translations"]) {
  const next: SiteSettings["i18n"] = {};
  for (const code of new Set([...Object.keys(i18n), ...Object.keys(given)])) {
    const texts = { ...i18n[code] };
    for (const k of FOOTER_KEYS) {
      const v = given[code]?.[k];
      if (v) texts[k] = v;
      else delete texts[k];
    }
    if (Object.keys(texts).length > 0) next[code] = texts;
  }
  return next;
}

export async function siteSettings(deps: DbDeps): Promise<AdminSiteSettings> {
  return viewOf(await loadSiteSettings(deps));
}

/** Writes the keys whose value changed, audited with their values before and after. */
async function writeSettings(deps: DbDeps, userId: number, values: Partial<SiteSettings>): Promise<void> {
  await inTx(deps, async (tx, trx) => {
    const current = await loadSiteSettings(tx);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) {
      const old = current[key as keyof SiteSettings];
      if (JSON.stringify(old) === JSON.stringify(value)) continue;
      before[key] = old;
      after[key] = value;
      await repo.putSetting(trx, key, value);
    }
    const changed = Object.keys(after);
    if (changed.length === 0) return;
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "setting",
      summary: changed.join(", "),
      before,
      after,
    });
  });
  invalidateSettings(deps);
}

export async function saveSiteSettings(
  deps: DbDeps,
  userId: number,
  body: z.output<typeof siteSettingsBody>,
): Promise<AdminSiteSettings> {
  const { footer_translations, ...values } = body;
  const { i18n } = await loadSiteSettings(deps);
  await writeSettings(deps, userId, { ...values, i18n: withFooterTexts(i18n, footer_translations) });
  return siteSettings(deps);
}

/** Replaces the logo or the favicon with an uploaded jpg, png or webp (checked by content). */
export async function saveSiteImage(
  deps: Deps,
  userId: number,
  field: SiteImageField,
  upload: ImageUpload,
): Promise<AdminSiteSettings> {
  const ext = await imageExtension(upload, {
    field,
    maxBytes: SITE_IMAGE_MAX_BYTES,
    tooLarge: M.imageTooLarge,
    badType: M.imageBadType,
  });
  const before = (await loadSiteSettings(deps))[field];
  const url = await saveUpload(deps.config, "site", ext, upload.bytes);
  try {
    await writeSettings(deps, userId, { [field]: url });
  } catch (e) {
    await removeUpload(deps.config, url);
    throw e;
  }
  await removeUpload(deps.config, before);
  return siteSettings(deps);
}

// ---- languages ----

/** The interface's keys and English texts (shipped, under the console's edits). */
async function englishTexts(db: Db): Promise<Map<string, string>> {
  const texts = new Map(Object.entries(shippedUiMessages()[DEFAULT_LOCALE] ?? {}));
  for (const r of await repo.translations(db, DEFAULT_LOCALE)) if (texts.has(r.key)) texts.set(r.key, r.value);
  return texts;
}

/** A language's own texts by key: the console's over the shipped file's. */
async function ownTexts(db: Db, locale: string): Promise<{ own: Map<string, string>; edited: Set<string> }> {
  const own = new Map(Object.entries(shippedUiMessages()[locale] ?? {}));
  const edited = new Set<string>();
  for (const r of await repo.translations(db, locale)) {
    own.set(r.key, r.value);
    edited.add(r.key);
  }
  return { own, edited };
}

type LanguageRow = NonNullable<Awaited<ReturnType<typeof repo.languageById>>>;

async function languageOf(db: Db, row: LanguageRow, english?: Map<string, string>): Promise<AdminLanguage> {
  const keys = english ?? (await englishTexts(db));
  let missing = 0;
  if (row.locale !== DEFAULT_LOCALE) {
    const { own } = await ownTexts(db, row.locale);
    for (const key of keys.keys()) if (!own.has(key)) missing += 1;
  }
  return {
    id: row.id,
    code: row.locale,
    name: row.name,
    title: row.title,
    direction: row.direction,
    is_default: row.is_default === 1,
    missing,
  };
}

const languageAudit = (r: LanguageRow) => ({
  code: r.locale,
  name: r.name,
  title: r.title,
  direction: r.direction,
  is_default: r.is_default === 1,
});

async function languageRow(db: Db, id: number): Promise<LanguageRow> {
  const row = await repo.languageById(db, id);
  if (!row) throw notFound("Language");
  return row;
}

export async function languageList({ dbh }: DbDeps): Promise<AdminLanguage[]> {
  const english = await englishTexts(dbh.db);
  const rows = await repo.languages(dbh.db);
  return Promise.all(rows.map((r) => languageOf(dbh.db, r, english)));
}

export async function createLanguage(
  deps: DbDeps,
  userId: number,
  body: z.output<typeof newLanguageBody>,
): Promise<AdminLanguage> {
  const taken = () => fieldError("code", M.languageTaken);
  if (await repo.languageByCode(deps.dbh.db, body.code)) throw taken();
  let id: number;
  try {
    id = await inTx(deps, async (tx, trx) => {
      const newId = await repo.insertLanguage(trx, {
        locale: body.code,
        name: body.name,
        title: body.title,
        direction: body.direction,
        is_default: 0,
        sort: await repo.nextLanguageSort(trx),
      });
      await recordAudit(tx, {
        userId,
        action: "create",
        entity: "language",
        entityId: newId,
        summary: `${body.name} (${body.code})`,
        after: { code: body.code, name: body.name, title: body.title, direction: body.direction, is_default: false },
      });
      return newId;
    });
  } catch (e) {
    // a parallel add of the same code lost the race to the unique key
    if (await repo.languageByCode(deps.dbh.db, body.code)) throw taken();
    throw e;
  }
  invalidateSettings(deps);
  return languageOf(deps.dbh.db, await languageRow(deps.dbh.db, id));
}

export async function updateLanguage(
  deps: DbDeps,
  userId: number,
  id: number,
  body: z.output<typeof languageBody>,
): Promise<AdminLanguage> {
  await inTx(deps, async (tx, trx) => {
    const before = await languageRow(trx, id);
    await repo.updateLanguage(trx, id, body);
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "language",
      entityId: id,
      summary: `${body.name} (${before.locale})`,
      before: languageAudit(before),
      after: languageAudit({ ...before, ...body }),
    });
  });
  invalidateSettings(deps);
  return languageOf(deps.dbh.db, await languageRow(deps.dbh.db, id));
}

export async function deleteLanguage(deps: DbDeps, userId: number, id: number): Promise<{ ok: true }> {
  await inTx(deps, async (tx, trx) => {
    const row = await languageRow(trx, id);
    if (row.is_default === 1) throw new AppError(409, M.languageIsDefault);
    if (row.locale === DEFAULT_LOCALE) throw new AppError(409, M.languageIsSource);
    // The texts its translators wrote go with it.
    const edited = (await repo.translations(trx, row.locale)).length;
    await repo.deleteLanguage(trx, id, row.locale);
    await recordAudit(tx, {
      userId,
      action: "delete",
      entity: "language",
      entityId: id,
      summary: `${row.name} (${row.locale})`,
      before: { ...languageAudit(row), texts: edited },
    });
  });
  invalidateSettings(deps);
  return { ok: true };
}

/** The default language, which is also the app locale every visitor's storefront turns to. */
export async function setDefaultLanguage(deps: DbDeps, userId: number, id: number): Promise<AdminLanguage[]> {
  await inTx(deps, async (tx, trx) => {
    const row = await languageRow(trx, id);
    const previous = (await repo.languages(trx)).find((l) => l.is_default === 1);
    if (previous?.id === id) return;
    await repo.setDefaultLanguage(trx, id);
    await repo.putSetting(trx, "app_locale", row.locale);
    await recordAudit(tx, {
      userId,
      action: "default",
      entity: "language",
      entityId: id,
      summary: `${row.name} (${row.locale})`,
      before: { default: previous?.locale ?? null },
      after: { default: row.locale },
    });
  });
  invalidateSettings(deps);
  return languageList(deps);
}

// ---- interface texts ----

export async function translationPage(
  { dbh }: DbDeps,
  id: number,
  q: z.output<typeof translationsQuery>,
): Promise<Paginated<TranslationRow> & { missing: number }> {
  const lang = await languageRow(dbh.db, id);
  const english = await englishTexts(dbh.db);
  const { own, edited } =
    lang.locale === DEFAULT_LOCALE
      ? {
          own: english,
          edited: new Set((await repo.translations(dbh.db, DEFAULT_LOCALE)).map((r) => r.key)),
        }
      : await ownTexts(dbh.db, lang.locale);
  const needle = q.search?.toLowerCase();
  const rows: TranslationRow[] = [];
  let missing = 0;
  for (const key of [...english.keys()].sort()) {
    const source = english.get(key) ?? "";
    const text = own.get(key) ?? null;
    if (text === null) missing += 1;
    if (q.missing && text !== null) continue;
    if (
      needle &&
      !key.toLowerCase().includes(needle) &&
      !source.toLowerCase().includes(needle) &&
      !(text ?? "").toLowerCase().includes(needle)
    )
      continue;
    rows.push({ key, source, text, edited: edited.has(key) });
  }
  const { offset, limit } = pageWindow(q);
  return { ...paginate(rows.slice(offset, offset + limit), rows.length, q), missing };
}

function unknownKeys(texts: Record<string, string>, english: Map<string, string>): string[] {
  return Object.keys(texts)
    .filter((k) => !english.has(k))
    .sort();
}

/** Sets texts of a language (a blank text removes the console's text: the shipped one shows again). */
export async function saveTranslations(
  deps: DbDeps,
  userId: number,
  id: number,
  texts: Record<string, string>,
): Promise<AdminLanguage> {
  const { db } = deps.dbh;
  const english = await englishTexts(db);
  const unknown = unknownKeys(texts, english);
  if (unknown.length > 0) throw fieldError("texts", `Unknown text keys: ${unknown.slice(0, 5).join(", ")}`);
  await inTx(deps, async (tx, trx) => {
    const lang = await languageRow(trx, id);
    const { own } = await ownTexts(trx, lang.locale);
    const set: [string, string][] = [];
    const removed: string[] = [];
    const before: Record<string, string | null> = {};
    const after: Record<string, string | null> = {};
    for (const [key, raw] of Object.entries(texts)) {
      const value = raw.trim() === "" ? null : raw;
      if (value === null) removed.push(key);
      else set.push([key, value]);
      if ((own.get(key) ?? null) !== value) {
        before[key] = own.get(key) ?? null;
        after[key] = value;
      }
    }
    await repo.putTranslations(trx, lang.locale, set);
    await repo.deleteTranslations(trx, lang.locale, removed);
    if (Object.keys(after).length > 0)
      await recordAudit(tx, {
        userId,
        action: "update",
        entity: "translation",
        entityId: id,
        summary: `${lang.name} (${lang.locale})`,
        before,
        after,
      });
  });
  invalidateSettings(deps);
  return languageOf(db, await languageRow(db, id));
}

/** `{ "namespace.key": "text" }` of every text the language has. */
export async function exportTranslations({ dbh }: DbDeps, id: number): Promise<Record<string, string>> {
  const lang = await languageRow(dbh.db, id);
  const english = await englishTexts(dbh.db);
  const own = lang.locale === DEFAULT_LOCALE ? english : (await ownTexts(dbh.db, lang.locale)).own;
  const out: Record<string, string> = {};
  for (const key of [...english.keys()].sort()) {
    const text = own.get(key);
    if (text !== undefined) out[key] = text;
  }
  return out;
}

/**
 * An exported file compared with the language's texts: the changed keys, the unknown ones
 * (skipped), and with `apply` the changes written in one transaction. Blank texts change nothing.
 */
export async function importTranslations(
  deps: DbDeps,
  userId: number,
  id: number,
  texts: Record<string, string>,
  apply: boolean,
): Promise<TranslationsImportData> {
  const { db } = deps.dbh;
  const compare = async (trx: Db) => {
    const lang = await languageRow(trx, id);
    const english = await englishTexts(trx);
    const own = lang.locale === DEFAULT_LOCALE ? english : (await ownTexts(trx, lang.locale)).own;
    const changed: TranslationsImportData["changed"] = [];
    let unchanged = 0;
    for (const key of Object.keys(texts).sort()) {
      const after = texts[key] as string;
      if (!english.has(key)) continue;
      if (after.trim() === "" || own.get(key) === after) unchanged += 1;
      else changed.push({ key, before: own.get(key) ?? null, after });
    }
    return { lang, changed, unchanged, unknown: unknownKeys(texts, english) };
  };
  if (!apply) {
    const { changed, unchanged, unknown } = await compare(db);
    return { changed, unchanged, unknown, applied: false };
  }
  const result = await inTx(deps, async (tx, trx) => {
    const { lang, changed, unchanged, unknown } = await compare(trx);
    await repo.putTranslations(
      trx,
      lang.locale,
      changed.map((c) => [c.key, c.after]),
    );
    if (changed.length > 0)
      await recordAudit(tx, {
        userId,
        action: "import",
        entity: "translation",
        entityId: id,
        summary: `${lang.name} (${lang.locale})`,
        before: Object.fromEntries(changed.map((c) => [c.key, c.before])),
        after: Object.fromEntries(changed.map((c) => [c.key, c.after])),
      });
    return { changed, unchanged, unknown, applied: true };
  });
  invalidateSettings(deps);
  return result;
}

// ---- currencies ----

type CurrencyRow = NonNullable<Awaited<ReturnType<typeof repo.currencyById>>>;

function currencyOf(r: CurrencyRow): AdminCurrency {
  return {
    id: r.id,
    name: r.name,
    symbol: r.symbol,
    position: r.position,
    rate: Number(r.rate),
    decimals: r.decimals,
    is_default: r.is_default === 1,
    rate_updated_at: r.rate_updated_at,
  };
}

async function currencyRow(db: Db, id: number): Promise<CurrencyRow> {
  const row = await repo.currencyById(db, id);
  if (!row) throw notFound("Currency");
  return row;
}

export async function currencyList({ dbh }: DbDeps): Promise<AdminCurrency[]> {
  return (await repo.currencies(dbh.db)).map(currencyOf);
}

export async function createCurrency(
  deps: DbDeps,
  userId: number,
  body: z.output<typeof currencyBody>,
): Promise<AdminCurrency> {
  const taken = () => fieldError("name", M.currencyTaken);
  if (await repo.currencyByName(deps.dbh.db, body.name)) throw taken();
  let id: number;
  try {
    id = await inTx(deps, async (tx, trx) => {
      const newId = await repo.insertCurrency(trx, {
        ...body,
        rate_updated_at: clock.iso(),
        is_default: 0,
        sort: await repo.nextCurrencySort(trx),
      });
      const created = await currencyRow(trx, newId);
      await recordAudit(tx, {
        userId,
        action: "create",
        entity: "currency",
        entityId: newId,
        summary: body.name,
        after: currencyOf(created),
      });
      return newId;
    });
  } catch (e) {
    if (await repo.currencyByName(deps.dbh.db, body.name)) throw taken();
    throw e;
  }
  invalidateSettings(deps);
  return currencyOf(await currencyRow(deps.dbh.db, id));
}

async function changeCurrency(
  deps: DbDeps,
  userId: number,
  id: number,
  action: AuditAction,
  set: (before: CurrencyRow) => Partial<CurrencyRow>,
): Promise<AdminCurrency> {
  const saved = await inTx(deps, async (tx, trx) => {
    const before = await currencyRow(trx, id);
    const changes = set(before);
    const name = changes.name ?? before.name;
    if (name !== before.name && (await repo.currencyByName(trx, name))) throw fieldError("name", M.currencyTaken);
    if (changes.rate !== undefined && changes.rate !== Number(before.rate)) changes.rate_updated_at = clock.iso();
    await repo.updateCurrency(trx, id, changes);
    const after = await currencyRow(trx, id);
    await recordAudit(tx, {
      userId,
      action,
      entity: "currency",
      entityId: id,
      summary: after.name,
      before: currencyOf(before),
      after: currencyOf(after),
    });
    return after;
  });
  invalidateSettings(deps);
  return currencyOf(saved);
}

export function updateCurrency(deps: DbDeps, userId: number, id: number, body: z.output<typeof currencyBody>) {
  return changeCurrency(deps, userId, id, "update", () => ({ ...body }));
}

/** A rate set by hand; its time is kept and shown beside it. */
export function refreshRate(deps: DbDeps, userId: number, id: number, rate: number) {
  return changeCurrency(deps, userId, id, "rate", () => ({ rate, rate_updated_at: clock.iso() }));
}

export async function deleteCurrency(deps: DbDeps, userId: number, id: number): Promise<{ ok: true }> {
  await inTx(deps, async (tx, trx) => {
    const row = await currencyRow(trx, id);
    if (row.is_default === 1) throw new AppError(409, M.currencyIsDefault);
    await repo.deleteCurrency(trx, id);
    await recordAudit(tx, {
      userId,
      action: "delete",
      entity: "currency",
      entityId: id,
      summary: row.name,
      before: currencyOf(row),
    });
  });
  invalidateSettings(deps);
  return { ok: true };
}

/** The currency prices are shown in by default (prices stay the numbers they are). */
export async function setDefaultCurrency(deps: DbDeps, userId: number, id: number): Promise<AdminCurrency[]> {
  await inTx(deps, async (tx, trx) => {
    const row = await currencyRow(trx, id);
    const previous = (await repo.currencies(trx)).find((c) => c.is_default === 1);
    if (previous?.id === id) return;
    await repo.setDefaultCurrency(trx, id);
    await recordAudit(tx, {
      userId,
      action: "default",
      entity: "currency",
      entityId: id,
      summary: row.name,
      before: { default: previous?.name ?? null },
      after: { default: row.name },
    });
  });
  invalidateSettings(deps);
  return currencyList(deps);
}
