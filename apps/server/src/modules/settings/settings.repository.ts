import type { Db } from "../../db/index.ts";

// All SQL of the settings module.

export async function settingRows(db: Db) {
  return db.selectFrom("settings").select(["key", "value"]).execute();
}

export function languages(db: Db) {
  return db.selectFrom("languages").selectAll().orderBy("sort").orderBy("id").execute();
}

export function currencies(db: Db) {
  return db.selectFrom("currencies").selectAll().orderBy("sort").orderBy("id").execute();
}

export function countries(db: Db) {
  return db.selectFrom("countries").selectAll().orderBy("name").execute();
}

export function menus(db: Db) {
  return db.selectFrom("menus").selectAll().orderBy("sort").orderBy("id").execute();
}

export function footers(db: Db) {
  return db.selectFrom("footers").selectAll().orderBy("sort").orderBy("id").execute();
}

export function footerItems(db: Db) {
  return db.selectFrom("footer_items").selectAll().orderBy("footer_id").orderBy("sort").orderBy("id").execute();
}

export function socialLinks(db: Db) {
  return db.selectFrom("social_links").select(["name", "link", "logo"]).orderBy("sort").orderBy("id").execute();
}

export function translations(db: Db, locale: string) {
  return db.selectFrom("translations").select(["key", "value"]).where("locale", "=", locale).orderBy("key").execute();
}
