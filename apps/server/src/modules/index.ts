import type { FastifyPluginAsync } from "fastify";
import { authRoutes } from "./auth/auth.routes.ts";
import { cartRoutes } from "./cart/cart.routes.ts";
import { catalogRoutes } from "./catalog/catalog.routes.ts";
import { contentRoutes } from "./content/content.routes.ts";
import { favoriteRoutes } from "./favorites/favorites.routes.ts";
import { settingsRoutes } from "./settings/settings.routes.ts";
import { voucherRoutes } from "./vouchers/vouchers.routes.ts";

// Every module's routes, registered under /api in this order.
export const routeModules: FastifyPluginAsync[] = [
  catalogRoutes,
  contentRoutes,
  authRoutes,
  settingsRoutes,
  cartRoutes,
  voucherRoutes,
  favoriteRoutes,
];
