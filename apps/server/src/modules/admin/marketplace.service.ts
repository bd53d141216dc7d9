import {
  ADMIN_MARKETPLACE_MESSAGES,
  type AdminFlashSale,
  type AdminFlashSaleEntry,
  type AdminOverview,
  type AdminProduct,
  type AdminProductPreview,
  type AdminUser,
  type AuditEntry,
  type adminProductsQuery,
  type adminUsersQuery,
  type auditQuery,
  FLASH_SALE_BANNER_MAX_BYTES,
  type flashSaleFields,
  type Paginated,
} from "@market/contract";
import type { z } from "zod";
import { writeTransaction } from "../../db/index.ts";
import type { User } from "../../db/schema.ts";
import { type AppDeps, type DbDeps, inTransaction } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { dayStartIn } from "../../lib/days.ts";
import { AppError, fieldError, notFound } from "../../lib/errors.ts";
import { tr } from "../../lib/i18n.ts";
import { type ImageUpload, imageExtension } from "../../lib/image-upload.ts";
import { shownName } from "../../lib/messages.ts";
import { toMajor } from "../../lib/money.ts";
import { type PageArgs, pageWindow, paginate } from "../../lib/paging.ts";
import { removeUpload, saveUpload } from "../../lib/uploads.ts";
import { sendPasswordReset, setUserBlocked } from "../auth/auth.service.ts";
import { cleanHtml, clearCatalogCache } from "../catalog/catalog.service.ts";
import { outbox } from "../mail/mail.service.ts";
import { notifyInApp } from "../notifications/notify.ts";
import { defaultCurrency } from "../payments/payments.service.ts";
import { adminReviews } from "../reviews/reviews.service.ts";
import { salesFigures } from "../seller/shop.service.ts";
import { adminShops } from "../seller-signup/seller-signup.service.ts";
import { getSiteSettings, invalidateSettings } from "../settings/settings.service.ts";
import { adminTickets } from "../support/support.service.ts";
import { recordAudit } from "./audit.service.ts";
import * as repo from "./marketplace.repository.ts";
import { putSetting } from "./site-settings.repository.ts";

// The admin console's marketplace: product moderation, users, flash sales and the audit log.
// (Shops live with their approval in modules/seller-signup; orders in modules/orders.) Every
// change is audited in its own transaction and empties the storefront's kept answers when it
// changes what the storefront shows (this instance at once; other instances within the
// catalogue cache's time, as their kept answers expire).

export type MarketplaceDeps = Pick<AppDeps, "dbh" | "config" | "mailer" | "sms" | "log">;

const conflict = (message: string) => new AppError(409, message, undefined, "conflict");

// ---- products ----

const productOf = (r: repo.AdminProductRow): AdminProduct => ({
  id: r.id,
  name: r.name,
  thumbnail: r.thumbnail,
  price: toMajor(r.price),
  is_active: r.is_active === 1,
  moderation: r.moderation,
  moderation_reason: r.moderation_reason,
  listed: Number(r.listed) === 1,
  shop: { id: r.shop_id, name: r.shop_name, status: r.shop_status },
  updated_at: r.updated_at ?? r.created_at,
});

// ---- overview ----

/**
 * The admin's first page: each queue's count, as its own list counts it (the first page of one
 * row), and the whole marketplace's sales figures.
 */
export async function adminOverview(deps: DbDeps, locale: string, zone?: string): Promise<AdminOverview> {
  const one = { page: 1, per_page: 1 };
  const [shops, products, tickets, reviews, mail, figures, currency] = await Promise.all([
    adminShops(deps, { ...one, status: "pending" }),
    repo.pendingCount(deps.dbh.db),
    adminTickets(deps, { ...one, status: "pending" }, locale),
    adminReviews(deps, { ...one, status: "reported" }, locale),
    outbox(deps, { ...one, search: undefined }),
    salesFigures(deps, null, locale, zone),
    defaultCurrency(deps),
  ]);
  return {
    ...figures,
    currency: currency.name,
    waiting: {
      shops: shops.total,
      products,
      tickets: tickets.total,
      reviews: reviews.total,
      mail: mail.counts.failed,
    },
  };
}

const auditedProduct = (p: AdminProduct) => ({
  name: p.name,
  shop: p.shop.name,
  moderation: p.moderation,
  moderation_reason: p.moderation_reason,
});

/** One product as its seller saved it, whatever its state, in the admin's language where the seller wrote one. */
export async function productPreview(deps: DbDeps, id: number, locale: string): Promise<AdminProductPreview> {
  const found = await repo.productPreview(deps.dbh.db, id);
  if (!found) throw notFound("Product");
  const { product: p, images, variants } = found;
  const named = (name: string | null, i18n: string | null) =>
    name === null ? null : tr({ name, i18n: i18n ?? "{}" }, "name", locale);
  return {
    ...productOf(p),
    name: tr(p, "name", locale),
    discount_price: toMajor(p.discount_price),
    category: tr({ name: p.category_name, i18n: p.category_i18n }, "name", locale),
    sub_category: named(p.sub_category_name, p.sub_category_i18n),
    brand: p.brand_name,
    short_description: tr(p, "short_description", locale),
    description: cleanHtml(tr(p, "description", locale)),
    images: [p.thumbnail, ...images.filter((u) => u !== p.thumbnail)],
    variants: variants.map((v) => ({
      size: v.size,
      color: named(v.color, v.color_i18n),
      stock: Number(v.stock),
      sku: v.sku,
    })),
  };
}

export async function adminProducts(deps: DbDeps, q: z.output<typeof adminProductsQuery>) {
  const db = deps.dbh.db;
  const [{ rows, total }, pending, settings] = await Promise.all([
    repo.productPage(db, { search: q.search, moderation: q.moderation }, pageWindow(q)),
    repo.pendingCount(db),
    getSiteSettings(deps),
  ]);
  return {
    products: paginate(rows.map(productOf), total, q),
    moderation_on: settings.product_moderation,
    pending_count: pending,
  };
}

/**
 * Approves a product (pending, or earlier rejected), or rejects/unpublishes it with a reason its
 * seller sees in the Seller Centre; audited, and the storefront's kept answers emptied.
 */
export async function moderateProduct(
  deps: Pick<AppDeps, "dbh" | "realtime" | "log">,
  adminId: number,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<{ product: AdminProduct; action: "approve" | "reject" | "unpublish" }> {
  const { after, action } = await writeTransaction(deps.dbh, async (trx) => {
    const row = await repo.productById(trx, id);
    if (!row) throw notFound("Product");
    const before = productOf(row);
    if (decision.approve && before.moderation === "approved")
      throw conflict(ADMIN_MARKETPLACE_MESSAGES.alreadyApproved);
    const reason = decision.approve ? null : decision.reason;
    await repo.setModeration(trx, id, decision.approve ? "approved" : "rejected", reason);
    const updated = await repo.productById(trx, id);
    if (!updated) throw notFound("Product");
    const after = productOf(updated);
    // Taking down a product the storefront showed is unpublishing it; refusing a new one, rejecting.
    const action = decision.approve ? "approve" : before.moderation === "pending" ? "reject" : "unpublish";
    await recordAudit(inTransaction(deps, trx), {
      userId: adminId,
      action,
      entity: "product",
      entityId: id,
      summary: reason ? `${before.name}: ${reason}` : before.name,
      before: auditedProduct(before),
      after: auditedProduct(after),
    });
    return { after, action } as const;
  });
  clearCatalogCache();
  // The shop hears of the decision under its bell; the reason is on the product's page.
  await notifyInApp(deps, { shopId: after.shop.id }, "product_moderated", {
    product: after.name,
    product_id: id,
    decision: decision.approve ? "approved" : "rejected",
  });
  return { product: after, action };
}

/** Turns product moderation on or off (a site setting), audited. */
export async function setModerationSetting(deps: DbDeps, adminId: number, enabled: boolean) {
  const was = (await getSiteSettings(deps)).product_moderation;
  await writeTransaction(deps.dbh, async (trx) => {
    await putSetting(trx, "product_moderation", enabled);
    await recordAudit(inTransaction(deps, trx), {
      userId: adminId,
      action: "update",
      entity: "setting",
      entityId: "product_moderation",
      summary: `product_moderation: ${enabled ? "on" : "off"}`,
      before: { product_moderation: was },
      after: { product_moderation: enabled },
    });
  });
  invalidateSettings(deps);
  return { enabled };
}

// ---- users ----

const userOf = (u: Pick<User, keyof AdminUser>): AdminUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  phone_code: u.phone_code,
  role: u.role,
  is_guest: Number(u.is_guest) === 1,
  blocked_at: u.blocked_at,
  verified_at: u.verified_at,
  created_at: u.created_at,
});

export async function adminUsers(
  deps: DbDeps,
  q: z.output<typeof adminUsersQuery>,
  locale: string,
): Promise<Paginated<AdminUser>> {
  const blocked = q.blocked === undefined ? undefined : q.blocked === "1";
  const { rows, total } = await repo.userPage(deps.dbh.db, { search: q.search, role: q.role, blocked }, pageWindow(q));
  return paginate(
    rows.map((u) => ({ ...userOf(u), name: shownName(u.name, u.erased_at, locale) })),
    total,
    q,
  );
}

/** Blocks (every session ends at once, login is refused) or unblocks a user; audited. Admins cannot be blocked. */
export async function setBlocked(deps: DbDeps, adminId: number, userId: number, blocked: boolean): Promise<AdminUser> {
  return writeTransaction(deps.dbh, async (trx) => {
    const tx = inTransaction(deps, trx);
    const changed = await setUserBlocked(tx, userId, blocked);
    if (!changed) throw notFound("User");
    if (changed.before.role === "admin" && blocked)
      throw new AppError(422, ADMIN_MARKETPLACE_MESSAGES.cannotBlockAdmin);
    const before = userOf(changed.before);
    const after = userOf(changed.after);
    await recordAudit(tx, {
      userId: adminId,
      action: blocked ? "block" : "unblock",
      entity: "user",
      entityId: userId,
      summary: `${after.name} <${after.email ?? after.phone ?? ""}>`,
      before: { blocked_at: before.blocked_at },
      after: { blocked_at: after.blocked_at },
    });
    return after;
  });
}

/** Sends the user the forgot-password code through the forgot-password machinery; audited. */
export async function resetPassword(deps: MarketplaceDeps, adminId: number, userId: number, ip: string) {
  const sent = await sendPasswordReset(deps, userId, ip);
  await writeTransaction(deps.dbh, (trx) =>
    recordAudit(inTransaction(deps, trx), {
      userId: adminId,
      action: "password_reset",
      entity: "user",
      entityId: userId,
      summary: sent.email_or_phone,
    }),
  );
  return { channel: sent.channel };
}

// ---- flash sales ----

type I18n = Record<string, Record<string, string>>;

function namesOf(i18n: string): Record<string, string> {
  try {
    const map = JSON.parse(i18n) as I18n;
    const out: Record<string, string> = {};
    for (const [locale, fields] of Object.entries(map)) if (fields?.name) out[locale] = fields.name;
    return out;
  } catch {
    return {};
  }
}

/** The i18n column with the sale's names, keeping any other translated field. */
function i18nWith(before: string, names: Record<string, string>): string {
  let map: I18n = {};
  try {
    map = JSON.parse(before) as I18n;
  } catch {}
  for (const locale of Object.keys(map)) {
    const { name: _, ...rest } = map[locale] ?? {};
    if (Object.keys(rest).length) map[locale] = rest;
    else delete map[locale];
  }
  for (const [locale, name] of Object.entries(names)) map[locale] = { ...(map[locale] ?? {}), name };
  return JSON.stringify(map);
}

const stateOf = (start: string, end: string, now: string) =>
  now < start ? "scheduled" : now < end ? "running" : "ended";

const saleOf = (r: repo.FlashSaleRow): AdminFlashSale => ({
  id: r.id,
  name: r.name,
  translations: namesOf(r.i18n),
  thumbnail: r.thumbnail,
  start_date: r.start_date,
  end_date: r.end_date,
  state: stateOf(r.start_date, r.end_date, clock.iso()),
  entries: Number(r.entries ?? 0),
  sold: Number(r.sold ?? 0),
});

const auditedSale = (s: AdminFlashSale) => ({
  name: s.name,
  translations: s.translations,
  thumbnail: s.thumbnail,
  start_date: s.start_date,
  end_date: s.end_date,
});

export async function flashSales(deps: DbDeps, q: PageArgs): Promise<Paginated<AdminFlashSale>> {
  const { rows, total } = await repo.flashSalePage(deps.dbh.db, pageWindow(q));
  return paginate(rows.map(saleOf), total, q);
}

async function storeBanner(deps: Pick<AppDeps, "config">, banner: ImageUpload): Promise<string> {
  const ext = await imageExtension(banner, {
    field: "banner",
    maxBytes: FLASH_SALE_BANNER_MAX_BYTES,
    tooLarge: ADMIN_MARKETPLACE_MESSAGES.bannerTooLarge,
    badType: ADMIN_MARKETPLACE_MESSAGES.bannerBadType,
  });
  return saveUpload(deps.config, "flash-sales", ext, banner.bytes);
}

/**
 * Creates (`id` null) or edits a flash sale: names per language, times, and the banner (checked
 * by content; required on create, optional on edit). Audited; the old banner file is removed
 * after the change is saved.
 */
export async function saveFlashSale(
  deps: Pick<AppDeps, "dbh" | "config">,
  adminId: number,
  id: number | null,
  input: z.output<typeof flashSaleFields>,
  banner: ImageUpload | null,
): Promise<AdminFlashSale> {
  // A new sale that has already ended could never sell.
  if (id === null && input.end_date <= clock.iso())
    throw fieldError("end_date", ADMIN_MARKETPLACE_MESSAGES.endInFuture);
  if (id === null && !banner) throw fieldError("banner", ADMIN_MARKETPLACE_MESSAGES.bannerRequired);
  if (id !== null && !(await repo.flashSaleById(deps.dbh.db, id))) throw notFound("Flash sale");
  const thumbnail = banner ? await storeBanner(deps, banner) : null;
  let replaced: string | null = null;
  try {
    const saved = await writeTransaction(deps.dbh, async (trx) => {
      const old = id === null ? undefined : await repo.flashSaleById(trx, id);
      if (id !== null && !old) throw notFound("Flash sale");
      const fields = {
        name: input.name,
        start_date: input.start_date,
        end_date: input.end_date,
        i18n: i18nWith(old?.i18n ?? "{}", input.translations),
        ...(thumbnail ? { thumbnail } : {}),
      };
      let saleId: number;
      if (old) {
        saleId = old.id;
        await repo.updateFlashSale(trx, saleId, fields);
        if (thumbnail) replaced = old.thumbnail;
      } else {
        saleId = await repo.insertFlashSale(trx, { ...fields, thumbnail: thumbnail as string });
      }
      const row = await repo.flashSaleById(trx, saleId);
      if (!row) throw notFound("Flash sale");
      const after = saleOf(row);
      await recordAudit(inTransaction(deps, trx), {
        userId: adminId,
        action: old ? "update" : "create",
        entity: "flash_sale",
        entityId: saleId,
        summary: after.name,
        before: old ? auditedSale(saleOf(old)) : undefined,
        after: auditedSale(after),
      });
      return after;
    });
    clearCatalogCache();
    if (replaced) await removeUpload(deps.config, replaced);
    return saved;
  } catch (e) {
    if (thumbnail) await removeUpload(deps.config, thumbnail);
    throw e;
  }
}

/** Deletes a flash sale with its entries, only while none of them has sold a unit; audited. */
export async function deleteFlashSale(deps: Pick<AppDeps, "dbh" | "config">, adminId: number, id: number) {
  const removed = await writeTransaction(deps.dbh, async (trx) => {
    // Locked as placing an order locks them, so no unit is sold between the check and the delete.
    if (deps.dbh.pg) await repo.lockSaleItems(trx, id);
    const row = await repo.flashSaleById(trx, id);
    if (!row) throw notFound("Flash sale");
    if (await repo.saleHasSales(trx, id)) throw conflict(ADMIN_MARKETPLACE_MESSAGES.flashSaleHasSales);
    await repo.deleteFlashSale(trx, id);
    const before = saleOf(row);
    await recordAudit(inTransaction(deps, trx), {
      userId: adminId,
      action: "delete",
      entity: "flash_sale",
      entityId: id,
      summary: before.name,
      before: auditedSale(before),
    });
    return before;
  });
  clearCatalogCache();
  // Seeded sales show generated artwork, not an upload; removeUpload only removes uploads.
  await removeUpload(deps.config, removed.thumbnail);
}

const entryOf = (r: repo.EntryRow): AdminFlashSaleEntry => ({
  id: r.id,
  shop: { id: r.shop_id, name: r.shop_name },
  product: { id: r.product_id, name: r.product_name, thumbnail: r.product_thumbnail },
  sale_price: toMajor(r.sale_price),
  quantity: r.quantity,
  sold: Number(r.sold),
});

/** The sellers' entries of a sale: shop, product, sale price, cap and units sold. */
export async function flashSaleEntries(
  deps: DbDeps,
  saleId: number,
  q: PageArgs,
): Promise<Paginated<AdminFlashSaleEntry>> {
  const db = deps.dbh.db;
  if (!(await repo.flashSaleById(db, saleId))) throw notFound("Flash sale");
  const { rows, total } = await repo.entryPage(db, saleId, pageWindow(q));
  return paginate(rows.map(entryOf), total, q);
}

/** Removes a seller's entry from a sale, only while it has sold nothing; audited. */
export async function removeEntry(deps: DbDeps, adminId: number, saleId: number, entryId: number): Promise<void> {
  await writeTransaction(deps.dbh, async (trx) => {
    if (deps.dbh.pg) await repo.lockSaleItems(trx, saleId);
    const row = await repo.entryById(trx, saleId, entryId);
    if (!row) throw notFound("Entry");
    if (!(await repo.deleteUnsoldEntry(trx, saleId, entryId))) throw conflict(ADMIN_MARKETPLACE_MESSAGES.entryHasSales);
    const before = entryOf(row);
    await recordAudit(inTransaction(deps, trx), {
      userId: adminId,
      action: "remove_entry",
      entity: "flash_sale",
      entityId: saleId,
      summary: `${before.shop.name}: ${before.product.name}`,
      before: {
        shop: before.shop.name,
        product: before.product.name,
        sale_price: before.sale_price,
        quantity: before.quantity,
      },
    });
  });
  clearCatalogCache();
}

// ---- the audit log ----

const parseJson = (v: string | null): unknown => {
  if (v === null) return null;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

const DAY_MS = 86_400_000;

/** The audit log, newest first: text over summary, entity and action; by entity, admin and day range. */
export async function auditLog(deps: DbDeps, q: z.output<typeof auditQuery>) {
  const db = deps.dbh.db;
  // A day starts at the reader's midnight; the "to" day is included, so its bound is the next one's start.
  const day = (field: "from" | "to", v: string | undefined, next = 0) => {
    if (!v) return undefined;
    const ms = Date.parse(`${v}T00:00:00Z`);
    if (Number.isNaN(ms)) throw fieldError(field, `The ${field} field must be a date.`);
    const start = new Date(ms + next * DAY_MS).toISOString().slice(0, 10);
    return new Date(dayStartIn(q.tz ?? "UTC", start)).toISOString();
  };
  const filter: repo.AuditFilter = {
    search: q.search,
    entity: q.entity || undefined,
    adminId: q.admin_id,
    from: day("from", q.from),
    to: day("to", q.to, 1),
  };
  const [{ rows, total }, choices] = await Promise.all([
    repo.auditPage(db, filter, pageWindow(q)),
    repo.auditChoices(db),
  ]);
  const entries: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    created_at: r.created_at,
    action: r.action,
    entity: r.entity,
    entity_id: r.entity_id,
    summary: r.summary,
    admin: { id: r.admin_id, name: r.admin_name },
    before: parseJson(r.before),
    after: parseJson(r.after),
  }));
  return { entries: paginate(entries, total, q), ...choices };
}
