// Service functions that use the app (database, config, mail, realtime, log) take `deps` first: AppDeps of src/deps.ts
// or the Pick of it they use. Repositories take `db` (Kysely or a transaction) first. Modules call services, not repos.
import type { FastifyPluginAsync } from "fastify";
import { addressRoutes } from "./addresses/addresses.routes.ts";
import { adminCatalogRoutes } from "./admin/catalog.routes.ts";
import { adminContentRoutes } from "./admin/content.routes.ts";
import { adminMarketplaceRoutes } from "./admin/marketplace.routes.ts";
import { adminSettingsRoutes } from "./admin/settings.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { socialRoutes } from "./auth/social.routes.ts";
import { cartRoutes } from "./cart/cart.routes.ts";
import { catalogRoutes } from "./catalog/catalog.routes.ts";
import { chatRoutes } from "./chat/chat.routes.ts";
import { contentRoutes } from "./content/content.routes.ts";
import { favoriteRoutes } from "./favorites/favorites.routes.ts";
import { adminMailRoutes } from "./mail/mail.routes.ts";
import { notificationRoutes } from "./notifications/notifications.routes.ts";
import { orderRoutes } from "./orders/orders.routes.ts";
import { sellerOrderRoutes } from "./orders/seller-orders.routes.ts";
import { paymentRoutes } from "./payments/payments.routes.ts";
import { returnRoutes } from "./returns/returns.routes.ts";
import { reviewRoutes } from "./reviews/reviews.routes.ts";
import { sellerImportRoutes } from "./seller/import.routes.ts";
import { sellerMarketingRoutes } from "./seller/marketing.routes.ts";
import { sellerProductRoutes } from "./seller/products.routes.ts";
import { sellerRoutes } from "./seller/seller.routes.ts";
import { sellerShopRoutes } from "./seller/shop.routes.ts";
import { sellerSignupRoutes } from "./seller-signup/seller-signup.routes.ts";
import { settingsRoutes } from "./settings/settings.routes.ts";
import { stockAlertRoutes } from "./stock/alerts.routes.ts";
import { supportRoutes } from "./support/support.routes.ts";
import { voucherRoutes } from "./vouchers/vouchers.routes.ts";

// Every module's routes, registered under /api in this order.
export const routeModules: FastifyPluginAsync[] = [
  catalogRoutes,
  contentRoutes,
  authRoutes,
  socialRoutes,
  settingsRoutes,
  cartRoutes,
  voucherRoutes,
  favoriteRoutes,
  chatRoutes,
  supportRoutes,
  sellerSignupRoutes,
  addressRoutes,
  orderRoutes,
  sellerOrderRoutes,
  paymentRoutes,
  sellerRoutes,
  sellerProductRoutes,
  sellerImportRoutes,
  sellerMarketingRoutes,
  sellerShopRoutes,
  adminCatalogRoutes,
  adminContentRoutes,
  adminSettingsRoutes,
  adminMarketplaceRoutes,
  adminMailRoutes,
  reviewRoutes,
  returnRoutes,
  notificationRoutes,
  stockAlertRoutes,
];
