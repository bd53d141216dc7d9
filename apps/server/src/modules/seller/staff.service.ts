import {
  type inviteAcceptBody,
  inviteExistingAccountBody,
  inviteNewAccountBody,
  type LoginData,
  type Paginated,
  SELLER_SHOP_MESSAGES,
  type ShopRole,
  STAFF_INVITE_DAYS,
  type StaffInvite,
  type StaffInviteBody,
  type StaffInviteInfo,
  type StaffMember,
  type staffInviteBody,
} from "@market/contract";
import type { z } from "zod";
import { type Db, writeTransaction } from "../../db/index.ts";
import type { AppDeps, DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, fieldError, notFound } from "../../lib/errors.ts";
import { parseFormFields } from "../../lib/multipart-form.ts";
import { type PageArgs, pageWindow, paginate } from "../../lib/paging.ts";
import { hashPassword } from "../../lib/password.ts";
import { checkNewContacts, getUser, issueToken, login } from "../auth/auth.service.ts";
import { newSecretToken, sha256 } from "../auth/tokens.ts";
import { mailText, plainMail } from "../notifications/mail-templates.ts";
import * as repo from "./staff.repository.ts";

// A shop's staff: the owner invites people by email with a role, changes roles and removes
// members; an invitation's link (a random token, stored only as its hash, like password resets
// and bearer tokens) joins its shop once, within a week.

export type StaffDeps = Pick<AppDeps, "dbh" | "config" | "mailer" | "log">;
export type InviteAcceptDeps = Pick<AppDeps, "dbh" | "config" | "mailer" | "sms" | "log">;

const INVITE_TTL_MS = STAFF_INVITE_DAYS * 86_400_000;

const memberOf = (r: repo.MemberRow): StaffMember => ({
  id: r.id,
  user_id: r.user_id,
  name: r.name,
  email: r.email,
  role: r.role,
  created_at: r.created_at,
});

const inviteOf = (r: repo.InviteRow): StaffInvite => ({
  id: r.id,
  email: r.email,
  role: r.role,
  expires_at: r.expires_at,
  expired: r.expires_at <= clock.iso(),
  created_at: r.created_at,
});

// ---- members ----

export async function staffList(deps: DbDeps, shopId: number, q: PageArgs): Promise<Paginated<StaffMember>> {
  const { rows, total } = await repo.staffPage(deps.dbh.db, shopId, pageWindow(q));
  return paginate(rows.map(memberOf), total, q);
}

export async function changeStaffRole(deps: DbDeps, shopId: number, id: number, role: ShopRole): Promise<StaffMember> {
  if (!(await repo.updateStaffRole(deps.dbh.db, shopId, id, role))) throw notFound("Staff member");
  const row = await repo.staffMember(deps.dbh.db, shopId, id);
  if (!row) throw notFound("Staff member");
  return memberOf(row);
}

/**
 * Removes a member: their sessions stay, but the seller area answers them 403 from the next call,
 * and their account is a shopper's again (its role is what the web reads to show the Seller Centre).
 */
export async function removeStaff(deps: DbDeps, shopId: number, id: number): Promise<{ id: number }> {
  await writeTransaction(deps.dbh, async (trx) => {
    const userId = await repo.deleteStaff(trx, shopId, id);
    if (userId === undefined) throw notFound("Staff member");
    await repo.demoteIfShopless(trx, userId);
  });
  return { id };
}

// ---- invitations ----

export async function inviteList(deps: DbDeps, shopId: number, q: PageArgs): Promise<Paginated<StaffInvite>> {
  const { rows, total } = await repo.invitePage(deps.dbh.db, shopId, pageWindow(q));
  return paginate(rows.map(inviteOf), total, q);
}

/**
 * Mails an invitation in `locale`, the inviting page's language: the person invited may have no
 * account, hence no language of their own yet.
 */
async function mailInvite(
  deps: StaffDeps,
  shopId: number,
  invite: { email: string; role: ShopRole },
  token: string,
  locale: string,
) {
  const shop = (await repo.shopName(deps.dbh.db, shopId))?.name ?? "";
  const params = {
    shop,
    role: mailText(locale, `staff_role_${invite.role}`),
    days: String(STAFF_INVITE_DAYS),
    link: `${deps.config.appUrl}/staff-invite/${token}`,
  };
  try {
    await deps.mailer.send({ to: invite.email, ...plainMail(locale, "staff_invite", params) });
  } catch (e) {
    deps.log.error(e, "mailing a staff invitation failed");
    throw new AppError(503, SELLER_SHOP_MESSAGES.mailFailed);
  }
}

/** Invites `email` with a role; a pending invitation of the same email is replaced by the new one. */
export async function inviteStaff(
  deps: StaffDeps,
  shopId: number,
  invitedBy: number,
  body: z.output<typeof staffInviteBody> | StaffInviteBody,
  locale: string,
): Promise<StaffInvite> {
  const { db } = deps.dbh;
  const email = body.email.toLowerCase();
  if (await repo.worksInShop(db, shopId, email)) throw fieldError("email", SELLER_SHOP_MESSAGES.alreadyMember);
  // Refused now rather than at the link, where the one invited could only be told it never works.
  // (An admin's address is refused only at the link: a shop is not told which address is the admin's.)
  const account = await repo.userByEmail(db, email);
  if (account && account.role !== "admin" && (await repo.hasShop(db, account.id))) {
    throw fieldError("email", SELLER_SHOP_MESSAGES.hasShop);
  }
  const token = newSecretToken();
  const now = clock.ms();
  const id = await db.transaction().execute(async (trx) => {
    await repo.deletePendingInvites(trx, shopId, email);
    return repo.insertInvite(trx, {
      shop_id: shopId,
      email,
      role: body.role,
      token_hash: sha256(token),
      invited_by: invitedBy,
      expires_at: new Date(now + INVITE_TTL_MS).toISOString(),
      created_at: new Date(now).toISOString(),
    });
  });
  await mailInvite(deps, shopId, { email, role: body.role }, token, locale);
  const row = await repo.pendingInvite(db, shopId, id);
  if (!row) throw notFound("Invitation");
  return inviteOf(row);
}

/** Sends a pending invitation again with a new link and a new week; the old link stops working. */
export async function resendInvite(deps: StaffDeps, shopId: number, id: number, locale: string): Promise<StaffInvite> {
  const { db } = deps.dbh;
  const token = newSecretToken();
  const expiresAt = new Date(clock.ms() + INVITE_TTL_MS).toISOString();
  if (!(await repo.renewInvite(db, shopId, id, sha256(token), expiresAt))) throw notFound("Invitation");
  const row = await repo.pendingInvite(db, shopId, id);
  if (!row) throw notFound("Invitation");
  await mailInvite(deps, shopId, row, token, locale);
  return inviteOf(row);
}

export async function cancelInvite(deps: DbDeps, shopId: number, id: number): Promise<{ id: number }> {
  if (!(await repo.deleteInvite(deps.dbh.db, shopId, id))) throw notFound("Invitation");
  return { id };
}

// ---- the invitation's link (public) ----

/** The invitation behind a token: 404 unknown, 409 already used, 410 expired. */
async function liveInvite(deps: DbDeps, token: string) {
  const invite = await repo.inviteByHash(deps.dbh.db, sha256(token));
  if (!invite) throw new AppError(404, SELLER_SHOP_MESSAGES.inviteUnknown);
  if (invite.accepted_at !== null) throw new AppError(409, SELLER_SHOP_MESSAGES.inviteUsed);
  if (invite.expires_at <= clock.iso()) throw new AppError(410, SELLER_SHOP_MESSAGES.inviteExpired);
  return invite;
}

export async function inviteInfo(deps: DbDeps, token: string): Promise<StaffInviteInfo> {
  const invite = await liveInvite(deps, token);
  const account = await repo.userByEmail(deps.dbh.db, invite.email);
  return {
    shop: { id: invite.shop_id, name: invite.shop_name, logo: invite.shop_logo },
    email: invite.email,
    role: invite.role,
    expires_at: invite.expires_at,
    account_exists: account !== undefined,
  };
}

/** Claims the invitation and adds the staff row in one transaction; 409 when either was taken meanwhile. */
async function join(
  deps: DbDeps,
  invite: { id: number; shop_id: number; role: ShopRole },
  userId: number | ((trx: Db) => Promise<number>),
) {
  return writeTransaction(deps.dbh, async (trx) => {
    if (!(await repo.claimInvite(trx, invite.id, clock.iso())))
      throw new AppError(409, SELLER_SHOP_MESSAGES.inviteUsed);
    const id = typeof userId === "number" ? userId : await userId(trx);
    if (await repo.hasShop(trx, id)) throw new AppError(409, SELLER_SHOP_MESSAGES.hasShop);
    await repo.makeSeller(trx, id);
    await repo.insertStaff(trx, { shop_id: invite.shop_id, user_id: id, role: invite.role, created_at: clock.iso() });
    return id;
  });
}

/**
 * Joins the invitation's shop and signs in. Without an account of the invited email, one is created
 * (verified: the link came through that mailbox) with the seller role; with one, its password must
 * be given, checked with login's limits, and a shopper account becomes a seller account.
 */
export async function acceptInvite(
  deps: InviteAcceptDeps,
  ip: string,
  token: string,
  body: z.output<typeof inviteAcceptBody>,
): Promise<LoginData> {
  const { db } = deps.dbh;
  const invite = await liveInvite(deps, token);
  const account = await repo.userByEmail(db, invite.email);
  if (account) {
    if (account.role === "admin") throw new AppError(409, SELLER_SHOP_MESSAGES.adminAccount);
    if (await repo.hasShop(db, account.id)) throw new AppError(409, SELLER_SHOP_MESSAGES.hasShop);
    const { password } = parseFormFields(inviteExistingAccountBody, { password: body.password });
    let session: LoginData;
    try {
      session = await login(deps, ip, { phone: invite.email, password });
    } catch (e) {
      // Login reports a wrong password under its identifier field; this form has only the password.
      if (e instanceof AppError && e.status === 422) throw fieldError("password", e.message);
      throw e;
    }
    await join(deps, invite, account.id);
    return { user: await getUser(deps, account.id), access: session.access };
  }
  const fields = parseFormFields(inviteNewAccountBody, body);
  const passwordHash = await hashPassword(fields.password);
  let userId: number;
  try {
    userId = await join(deps, invite, (trx) => {
      const now = clock.iso();
      return repo.insertUser(trx, {
        name: fields.name,
        email: invite.email,
        password_hash: passwordHash,
        role: "seller",
        verified_at: now,
        created_at: now,
      });
    });
  } catch (e) {
    // An account of this email created meanwhile: answer as registration would.
    await checkNewContacts(deps, { email: invite.email, phone: null, phone_code: null });
    throw e;
  }
  return { user: await getUser(deps, userId), access: await issueToken(deps, userId) };
}
