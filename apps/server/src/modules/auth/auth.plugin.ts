import type { SellerArea } from "@market/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { User } from "../../db/schema.ts";
import { forbidden, unauthorized } from "../../lib/errors.ts";
import { type SellerAccess, sellerAccessOf, sellerAccessTo } from "../seller-signup/seller-signup.service.ts";
import { type CurrentUser, userOfToken } from "./auth.service.ts";

declare module "fastify" {
  interface FastifyRequest {
    user: CurrentUser | null;
    seller: SellerAccess | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,128})$/i;

/** Resolves `Authorization: Bearer <token>` to its user, or null when missing, unknown, expired or revoked. */
export async function authenticate(req: FastifyRequest): Promise<CurrentUser | null> {
  const token = req.headers.authorization?.match(BEARER)?.[1];
  return token ? userOfToken({ dbh: req.server.dbh }, token) : null;
}

/** preValidation for routes that need a signed-in user (before the body is checked): 401 `{message:"Unauthenticated."}` otherwise. */
export async function requireAuth(req: FastifyRequest): Promise<void> {
  const user = await authenticate(req);
  if (!user) throw unauthorized();
  req.user = user;
}

/** preHandler for routes that answer visitors too but personalise for a signed-in user. */
export async function optionalAuth(req: FastifyRequest): Promise<void> {
  req.user = await authenticate(req);
}

/** The user set by requireAuth; throws 401 if a route forgot the hook. */
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
 * Hook for a Seller Centre area: 401 without a user, 403 for another role, for a shop that awaits
 * approval, or for staff whose role does not include `area`. Sets `request.seller`. Seller routes
 * run it as `preValidation`, so a refused caller gets 401/403 before their input is read.
 */
export function requireSellerArea(area: SellerArea) {
  return async (req: FastifyRequest): Promise<void> => {
    await requireRole("seller")(req);
    req.seller = await sellerAccessTo({ dbh: req.server.dbh }, currentUser(req).id, area);
  };
}

/**
 * Hook for what every member of a shop opens, each in their role's part (the shop's bell): as
 * requireSellerArea("orders"), so it stays open on a suspended shop, without the role's check.
 */
export async function requireShopMember(req: FastifyRequest): Promise<void> {
  await requireRole("seller")(req);
  req.seller = await sellerAccessOf({ dbh: req.server.dbh }, currentUser(req).id, "orders");
}

/** The shop access set by requireSellerArea or requireShopMember. */
export function sellerOf(req: FastifyRequest): SellerAccess {
  if (!req.seller) throw unauthorized();
  return req.seller;
}

/** Declares `request.user` on every request (null until requireAuth/optionalAuth runs). */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("user", null);
    app.decorateRequest("seller", null);
  },
  { name: "auth" },
);
