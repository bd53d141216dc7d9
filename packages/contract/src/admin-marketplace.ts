import { endpoints } from "./endpoint.ts";

// The admin console. The marketplace: shops, product moderation, orders, users, flash sales and the audit log.

export const adminMarketplaceApi = endpoints({});
