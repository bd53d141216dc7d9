import { endpoints } from "./endpoint.ts";

// The Seller Centre's vouchers and the shop's entries in flash sales.

export const sellerMarketingApi = endpoints({});
