import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/index.ts";
import type { CurrenciesTable, LanguagesTable } from "../../db/schema.ts";

// All SQL of the console's site settings, languages (with their interface texts) and currencies.

/** Writes one settings row (the value is JSON). */
export async function putSetting(db: Db, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto("settings")
    .values({ key, value: json })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json }))
    .execute();
}

// ---- languages ----

export function languages(db: Db) {
  return db.selectFrom("languages").selectAll().orderBy("sort").orderBy("id").execute();
}

export function languageById(db: Db, id: number) {
  return db.selectFrom("languages").selectAll().where("id", "=", id).executeTakeFirst();
}

export function languageByCode(db: Db, code: string) {
  return db.selectFrom("languages").select("id").where("locale", "=", code).executeTakeFirst();
}

export async function nextLanguageSort(db: Db): Promise<number> {
  const row = await db
    .selectFrom("languages")
    .select((eb) => eb.fn.max("sort").as("m"))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export async function insertLanguage(db: Db, row: Insertable<LanguagesTable>): Promise<number> {
  const r = await db.insertInto("languages").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateLanguage(db: Db, id: number, set: Updateable<LanguagesTable>): Promise<void> {
  await db.updateTable("languages").set(set).where("id", "=", id).execute();
}

/** Deletes a language and its texts. */
export async function deleteLanguage(db: Db, id: number, locale: string): Promise<void> {
  await db.deleteFrom("translations").where("locale", "=", locale).execute();
  await db.deleteFrom("languages").where("id", "=", id).execute();
}

/** Makes `id` the one default language. */
export async function setDefaultLanguage(db: Db, id: number): Promise<void> {
  await db
    .updateTable("languages")
    .set((eb) => ({ is_default: eb.case().when("id", "=", id).then(1).else(0).end() }))
    .execute();
}

/** The texts the console set for `locale` (bounded by the interface's keys). */
export function translations(db: Db, locale: string) {
  return db.selectFrom("translations").select(["key", "value"]).where("locale", "=", locale).execute();
}

export async function putTranslations(db: Db, locale: string, texts: [string, string][]): Promise<void> {
  for (let i = 0; i < texts.length; i += 500) {
    await db
      .insertInto("translations")
      .values(texts.slice(i, i + 500).map(([key, value]) => ({ locale, key, value })))
      .onConflict((oc) => oc.columns(["locale", "key"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })))
      .execute();
  }
}

export async function deleteTranslations(db: Db, locale: string, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 500) {
    await db
      .deleteFrom("translations")
      .where("locale", "=", locale)
      .where("key", "in", keys.slice(i, i + 500))
      .execute();
  }
}

// ---- currencies ----

export function currencies(db: Db) {
  return db.selectFrom("currencies").selectAll().orderBy("sort").orderBy("id").execute();
}

export function currencyById(db: Db, id: number) {
  return db.selectFrom("currencies").selectAll().where("id", "=", id).executeTakeFirst();
}

export function currencyByName(db: Db, name: string) {
  return db.selectFrom("currencies").select("id").where("name", "=", name).executeTakeFirst();
}

export async function nextCurrencySort(db: Db): Promise<number> {
  const row = await db
    .selectFrom("currencies")
    .select((eb) => eb.fn.max("sort").as("m"))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export async function insertCurrency(db: Db, row: Insertable<CurrenciesTable>): Promise<number> {
  const r = await db.insertInto("currencies").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateCurrency(db: Db, id: number, set: Updateable<CurrenciesTable>): Promise<void> {
  await db.updateTable("currencies").set(set).where("id", "=", id).execute();
}

export async function deleteCurrency(db: Db, id: number): Promise<void> {
  await db.deleteFrom("currencies").where("id", "=", id).execute();
}

/** Makes `id` the one default currency. */
export async function setDefaultCurrency(db: Db, id: number): Promise<void> {
  await db
    .updateTable("currencies")
    .set((eb) => ({ is_default: eb.case().when("id", "=", id).then(1).else(0).end() }))
    .execute();
}
