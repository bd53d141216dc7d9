import { SELLER_SIGNUP_MESSAGES } from "@market/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { User } from "../../db/schema.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, forbidden, unauthorized } from "../../lib/errors.ts";
import { findLiveToken, touchToken } from "./auth.repository.ts";
import { sha256 } from "./tokens.ts";

/** The signed-in user of a request (never the password hash) and the token it came with. */
export type CurrentUser = Omit<User, "password_hash"> & { token_id: number };

declare module "fastify" {
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,128})$/i;
const TOUCH_EVERY_MS = 60_000;

/** Resolves `Authorization: Bearer <token>` to its user, or null when missing, unknown, expired or revoked. */
export async function authenticate(req: FastifyRequest): Promise<CurrentUser | null> {
  const header = req.headers.authorization;
  const token = header?.match(BEARER)?.[1];
  if (!token) return null;
  const db = req.server.dbh.db;
  const row = await findLiveToken(db, sha256(token), clock.iso());
  if (!row) return null;
  const { last_used_at, ...user } = row;
  // Write the last use at most once a minute, not on every request.
  if (!last_used_at || Date.parse(last_used_at) + TOUCH_EVERY_MS < clock.ms()) {
    await touchToken(db, row.token_id, clock.iso());
  }
  return user;
}

/** preHandler for routes that need a signed-in user: 401 `{message:"Unauthenticated."}` otherwise. */
export async function requireAuth(req: FastifyRequest): Promise<void> {
  const user = await authenticate(req);
  if (!user) throw unauthorized();
  req.user = user;
}

/** preHandler for routes that answer visitors too but personalise for a signed-in user. */
export async function optionalAuth(req: FastifyRequest): Promise<void> {
  req.user = await authenticate(req);
}

/** The user set by requireAuth; throws 401 if a route forgot the preHandler. */
export function currentUser(req: FastifyRequest): CurrentUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** preHandler for the seller and admin areas: 401 without a user, 403 for another role. */
export function requireRole(...roles: User["role"][]) {
  return async (req: FastifyRequest): Promise<void> => {
    await requireAuth(req);
    if (!roles.includes(currentUser(req).role)) throw forbidden();
  };
}

/**
 * The id of the shop the signed-in seller owns (after `requireRole("seller")`); 403 when none, and
 * while the shop still waits for the admin's approval.
 */
export async function ownedShopId(req: FastifyRequest): Promise<number> {
  const shop = await req.server.dbh.db
    .selectFrom("shops")
    .select(["id", "status"])
    .where("user_id", "=", currentUser(req).id)
    .executeTakeFirst();
  if (!shop) throw forbidden();
  if (shop.status !== "active") throw new AppError(403, SELLER_SIGNUP_MESSAGES.awaitingApproval);
  return shop.id;
}

/** Declares `request.user` on every request (null until requireAuth/optionalAuth runs). */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("user", null);
  },
  { name: "auth" },
);
