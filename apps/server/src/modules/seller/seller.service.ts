import { SELLER_AREAS_OF, type SellerMeData } from "@market/contract";
import type { DbDeps } from "../../deps.ts";
import type { SellerAccess } from "../seller-signup/seller-signup.service.ts";
import * as repo from "./seller.repository.ts";

/** The Seller Centre's shell: the shop acted for, the role and the areas it opens. */
export async function sellerMe(deps: DbDeps, access: SellerAccess): Promise<SellerMeData> {
  const shop = await repo.shopSummary(deps.dbh.db, access.shopId);
  return {
    shop: { id: shop.id, name: shop.name, logo: shop.logo, is_open: shop.is_open === 1, currency: shop.currency },
    role: access.role,
    areas: [...SELLER_AREAS_OF[access.role]],
  };
}
