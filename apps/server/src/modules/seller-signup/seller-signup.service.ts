import { randomBytes } from "node:crypto";
import {
  type AdminShop,
  type Paginated,
  SELLER_AREAS_OF,
  SELLER_MESSAGES,
  SELLER_SIGNUP_MESSAGES,
  type SellerArea,
  type SellerRole,
  SHOP_ACTIONS_FROM,
  SHOP_LOGO_MAX_BYTES,
  type ShopAction,
  type ShopRegisterBody,
  type ShopRegisterData,
  type ShopStatus,
} from "@market/contract";
import { writeTransaction } from "../../db/index.ts";
import { type AppDeps, type DbDeps, inTransaction } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import { type ImageUpload, imageExtension } from "../../lib/image-upload.ts";
import { pageWindow, paginate } from "../../lib/paging.ts";
import { hashPassword } from "../../lib/password.ts";
import { internationalNumber } from "../../lib/phone-number.ts";
import { removeUpload, saveUpload } from "../../lib/uploads.ts";
import { recordAudit } from "../admin/audit.service.ts";
import { checkNewContacts, countNewAccount } from "../auth/auth.service.ts";
import { clearCatalogCache } from "../catalog/catalog.service.ts";
import { artworkUrl } from "../media/art-images.ts";
import { mailText, plainMail } from "../notifications/mail-templates.ts";
import { getSiteSettings } from "../settings/settings.service.ts";
import * as repo from "./seller-signup.repository.ts";

export type SellerSignupDeps = Pick<AppDeps, "dbh" | "config" | "mailer" | "log">;

export type LogoUpload = ImageUpload;

const DEFAULT_DELIVERY_TIME = "3-5 days";
const fail = (field: string, message: string) => new AppError(422, message, { [field]: [message] });

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 100);

/** Order codes start with the shop's prefix, so it is kept to ASCII letters and digits. */
const prefixOf = (slug: string) =>
  slug
    .split("-")
    .map((w) => w[0] ?? "")
    .join("")
    .toUpperCase()
    .slice(0, 4) || "SH";

/** The generated artwork the demo shops use, for a shop that sent no logo. */
const artwork = (kind: "shop" | "cover", slug: string, name: string) => artworkUrl(kind, slug, name);

export async function assertMultiVendor(deps: DbDeps): Promise<void> {
  if (!(await getSiteSettings(deps)).multi_vendor) throw new AppError(403, SELLER_SIGNUP_MESSAGES.closed);
}

async function checkLogo(logo: LogoUpload | null): Promise<string | undefined> {
  if (!logo) return undefined;
  return imageExtension(logo, {
    field: "shop_logo",
    maxBytes: SHOP_LOGO_MAX_BYTES,
    tooLarge: SELLER_SIGNUP_MESSAGES.logoTooLarge,
    badType: SELLER_SIGNUP_MESSAGES.logoBadType,
  });
}

/**
 * Whether another shop has this name (any letter case) or its slug: the one rule of signup and of
 * a rename in the Seller Centre (`exceptShopId`: the shop being renamed).
 */
export async function shopNameTaken(deps: DbDeps, name: string, exceptShopId?: number): Promise<boolean> {
  return repo.shopNameTaken(deps.dbh.db, name, slugify(name), exceptShopId);
}

/**
 * Creates the owner's account (role seller) and a pending shop in one transaction. The shop shows
 * nowhere and its owner cannot use the seller area until an admin approves it.
 */
export async function registerShop(
  deps: SellerSignupDeps,
  ip: string,
  body: ShopRegisterBody,
  logo: LogoUpload | null,
): Promise<ShopRegisterData> {
  const { config } = deps;
  const { db } = deps.dbh;
  await assertMultiVendor(deps);
  const ext = await checkLogo(logo);
  const contacts = { email: body.email, phone: body.phone, phone_code: body.phone_code };
  const phone = await checkNewContacts(deps, contacts);
  // A name of only non-Latin letters gives no slug; the shop then gets a random one.
  const slug = slugify(body.shop_name) || `shop-${randomBytes(4).toString("hex")}`;
  if (await repo.shopNameTaken(db, body.shop_name, slug)) throw fail("shop_name", SELLER_SIGNUP_MESSAGES.shopNameTaken);
  await countNewAccount(deps, ip);
  const passwordHash = await hashPassword(body.password);
  const logoUrl =
    logo && ext ? await saveUpload(config, "shops", ext, logo.bytes) : artwork("shop", slug, body.shop_name);
  const now = clock.iso();
  try {
    return await db.transaction().execute(async (trx) => {
      const userId = await repo.insertUser(trx, {
        name: body.name,
        email: body.email,
        phone,
        phone_code: body.phone_code,
        country: body.country,
        password_hash: passwordHash,
        role: "seller",
        created_at: now,
      });
      const shopId = await repo.insertShop(trx, {
        user_id: userId,
        name: body.shop_name,
        slug,
        prefix: prefixOf(slug),
        logo: logoUrl,
        banner: artwork("cover", slug, body.shop_name),
        estimated_delivery_time: DEFAULT_DELIVERY_TIME,
        // The shop is reached as its owner applied; the Seller Centre's profile changes it.
        phone: phone ? internationalNumber(phone, body.phone_code) : null,
        email: body.email,
        status: "pending",
        created_at: now,
      });
      return {
        shop: { id: shopId, name: body.shop_name, status: "pending" as const },
        owner: { id: userId, name: body.name, email: body.email },
      };
    });
  } catch (e) {
    await removeUpload(config, logoUrl);
    // A unique violation lost to a parallel signup: answer as the checks would have.
    await checkNewContacts(deps, contacts);
    if (await repo.shopNameTaken(db, body.shop_name, slug))
      throw fail("shop_name", SELLER_SIGNUP_MESSAGES.shopNameTaken);
    throw e;
  }
}

// ---- the seller area ----

/** The shop a seller acts for and the role they act in: its owner, or a member of its staff. */
export interface SellerAccess {
  shopId: number;
  role: SellerRole;
}

/** Why a seller may not enter the seller area of a shop of this status: each status its own message. */
export function shopClosedMessage(status: ShopStatus, reason: string | null): string | null {
  const why = (m: string) => (reason ? `${m} Reason: ${reason}` : m);
  switch (status) {
    case "active":
      return null;
    case "pending":
      return SELLER_SIGNUP_MESSAGES.awaitingApproval;
    case "rejected":
      return why(SELLER_SIGNUP_MESSAGES.rejected);
    case "suspended":
      return why(SELLER_SIGNUP_MESSAGES.suspended);
  }
}

/**
 * The shop a seller or staff member acts for, in the seller area and on the shop's chat channel
 * alike: the one they own or work for, once approved. 403 without a shop, and while it is pending,
 * rejected or suspended (saying which, and why) — except the orders area (`area`) of a suspended
 * shop, whose open orders are still to be delivered.
 */
export async function sellerAccessOf(deps: DbDeps, userId: number, area?: SellerArea): Promise<SellerAccess> {
  const owned = await repo.shopOfOwner(deps.dbh.db, userId);
  const shop = owned ? { ...owned, role: "owner" as const } : await repo.staffShopOf(deps.dbh.db, userId);
  if (!shop) throw forbidden();
  // A suspended shop's open orders stay in its sellers' hands (and its customers' messages).
  const keepsOrders = shop.status === "suspended" && area === "orders";
  const closed = shopClosedMessage(shop.status, shop.status_reason);
  if (closed !== null && !keepsOrders) throw new AppError(403, closed);
  return { shopId: shop.id, role: shop.role };
}

/** The access of a seller who may open `area` of their shop; 403 when their role does not include it. */
export async function sellerAccessTo(deps: DbDeps, userId: number, area: SellerArea): Promise<SellerAccess> {
  const access = await sellerAccessOf(deps, userId, area);
  if (!SELLER_AREAS_OF[access.role].includes(area)) throw new AppError(403, SELLER_MESSAGES.notInRole);
  return access;
}

/** The shop whose orders and messages a seller handles (the chat channel's rule). */
export async function activeShopIdOf(deps: DbDeps, userId: number): Promise<number> {
  return (await sellerAccessTo(deps, userId, "orders")).shopId;
}

// ---- admin ----

const adminShopOf = (r: repo.ShopRow): AdminShop => ({
  id: r.id,
  name: r.name,
  logo: r.logo,
  status: r.status,
  status_reason: r.status_reason,
  commission_rate: r.commission_bp / 100,
  created_at: r.created_at,
  owner: {
    id: r.owner_id,
    name: r.owner_name,
    email: r.owner_email,
    phone: r.owner_phone,
    phone_code: r.owner_phone_code,
  },
});

export async function adminShops(
  deps: DbDeps,
  q: { page: number; per_page: number; status?: ShopStatus | undefined; search?: string | undefined },
): Promise<Paginated<AdminShop>> {
  const { rows, total } = await repo.shopPage(deps.dbh.db, q.status, q.search, pageWindow(q));
  return paginate(rows.map(adminShopOf), total, q);
}

/** The record an audit entry keeps of a shop. */
const auditedShop = (s: AdminShop) => ({
  name: s.name,
  status: s.status,
  status_reason: s.status_reason,
  commission_rate: s.commission_rate,
});

const TARGET_STATUS: Record<ShopAction, ShopStatus> = {
  approve: "active",
  reject: "rejected",
  suspend: "suspended",
  reinstate: "active",
};

const NOTICE: Record<ShopAction, string> = {
  approve: "shop_approved",
  reject: "shop_rejected",
  suspend: "shop_suspended",
  reinstate: "shop_reinstated",
};

/** The owner's notice of an admin action on their shop, in the owner's language. */
function noticeOf(action: ShopAction, shop: string, reason: string | null, locale: string | null, appUrl: string) {
  const notice = plainMail(locale, NOTICE[action], { shop, link: `${appUrl}/seller` });
  if (!reason || action === "approve" || action === "reinstate") return notice;
  return { ...notice, text: `${notice.text}\n\n${mailText(locale, "shop_reason", { reason })}` };
}

/**
 * An admin's action on a shop's status (approve, reject, suspend, reinstate; see SHOP_ACTIONS_FROM),
 * audited in the same transaction; then the storefront's kept answers are emptied (a suspended
 * shop's products leave it) and the owner is told by mail (a mail failure does not undo it).
 */
export async function changeShopStatus(
  deps: SellerSignupDeps,
  adminId: number,
  id: number,
  action: ShopAction,
  reason: string | null = null,
): Promise<AdminShop> {
  let ownerLocale: string | null = null;
  const updated = await writeTransaction(deps.dbh, async (trx) => {
    const row = await repo.shopById(trx, id);
    if (!row) throw notFound("Shop");
    ownerLocale = row.owner_locale;
    const before = adminShopOf(row);
    const status = TARGET_STATUS[action];
    if (!(await repo.setShopStatus(trx, id, SHOP_ACTIONS_FROM[action], status, reason))) {
      if (action === "approve" && row.status === "active")
        throw new AppError(409, SELLER_SIGNUP_MESSAGES.alreadyApproved, undefined, "conflict");
      throw new AppError(409, SELLER_SIGNUP_MESSAGES.wrongStatus, undefined, "conflict");
    }
    const after: AdminShop = { ...before, status, status_reason: reason };
    await recordAudit(inTransaction(deps, trx), {
      userId: adminId,
      action,
      entity: "shop",
      entityId: id,
      summary: reason ? `${row.name}: ${reason}` : row.name,
      before: auditedShop(before),
      after: auditedShop(after),
    });
    return after;
  });
  clearCatalogCache();
  if (updated.owner.email) {
    try {
      await deps.mailer.send({
        to: updated.owner.email,
        ...noticeOf(action, updated.name, reason, ownerLocale, deps.config.appUrl),
      });
    } catch (e) {
      deps.log.error(e, "mailing a shop status notice failed");
    }
  }
  return updated;
}

/** Approves a pending (or earlier rejected) shop and tells its owner by mail. */
export const approveShop = (deps: SellerSignupDeps, adminId: number, id: number) =>
  changeShopStatus(deps, adminId, id, "approve");

/** Sets the marketplace's commission on a shop's sales (percent, stored as basis points), audited. */
export async function setShopCommission(
  deps: DbDeps,
  adminId: number,
  id: number,
  ratePercent: number,
): Promise<AdminShop> {
  return writeTransaction(deps.dbh, async (trx) => {
    const row = await repo.shopById(trx, id);
    if (!row) throw notFound("Shop");
    const bp = Math.round(ratePercent * 100);
    await repo.setCommission(trx, id, bp);
    const before = adminShopOf(row);
    const after = adminShopOf({ ...row, commission_bp: bp });
    await recordAudit(inTransaction(deps, trx), {
      userId: adminId,
      action: "commission",
      entity: "shop",
      entityId: id,
      summary: `${row.name}: ${after.commission_rate} %`,
      before: auditedShop(before),
      after: auditedShop(after),
    });
    return after;
  });
}
