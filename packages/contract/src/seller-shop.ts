import { endpoints } from "./endpoint.ts";

// The Seller Centre's shop: profile, dashboard and staff (invitations and roles).

export const sellerShopApi = endpoints({});
