import { SELLER_AREAS_OF, type SellerMeData } from "@market/contract";
import type { DbDeps } from "../../deps.ts";
import { sellerAccessOf, shopClosedMessage } from "../seller-signup/seller-signup.service.ts";
import * as repo from "./seller.repository.ts";

/**
 * The Seller Centre's shell: the shop acted for, the role and the sections it opens. A suspended
 * shop keeps only its orders and messages (its open orders stay in its hands), with the reason
 * as a notice; a pending or rejected shop answers 403 with its message.
 */
export async function sellerMe(deps: DbDeps, userId: number): Promise<SellerMeData> {
  const access = await sellerAccessOf(deps, userId, "orders");
  const shop = await repo.shopSummary(deps.dbh.db, access.shopId);
  const areas = SELLER_AREAS_OF[access.role].filter((a) => shop.status === "active" || a === "orders");
  return {
    shop: { id: shop.id, name: shop.name, logo: shop.logo, is_open: shop.is_open === 1, currency: shop.currency },
    role: access.role,
    areas,
    notice: shopClosedMessage(shop.status, shop.status_reason),
  };
}
