// Every declared call of the API by its key, as types only: what the web imports, so the
// declarations' schemas stay out of its JavaScript.

import type { adminCatalogApi } from "./admin-catalog.ts";
import type { adminContentApi } from "./admin-content.ts";
import type { adminMarketplaceApi } from "./admin-marketplace.ts";
import type { adminSettingsApi } from "./admin-settings.ts";
import type { authApi } from "./auth.ts";
import type { cartApi, favoritesApi, vouchersApi } from "./cart.ts";
import type { catalogApi } from "./catalog.ts";
import type { chatApi } from "./chat.ts";
import type { contentApi } from "./content.ts";
import type { Endpoint, EndpointData, EndpointInput } from "./endpoint.ts";
import type { addressesApi, ordersApi, paymentsApi, sellerOrdersApi } from "./orders.ts";
import type { sellerApi } from "./seller.ts";
import type { sellerImportApi } from "./seller-import.ts";
import type { sellerMarketingApi } from "./seller-marketing.ts";
import type { sellerProductsApi } from "./seller-products.ts";
import type { sellerShopApi } from "./seller-shop.ts";
import type { sellerSignupApi } from "./seller-signup.ts";
import type { settingsApi } from "./settings.ts";
import type { socialApi } from "./social.ts";
import type { supportApi } from "./support.ts";

export type Api = typeof cartApi &
  typeof catalogApi &
  typeof settingsApi &
  typeof contentApi &
  typeof vouchersApi &
  typeof favoritesApi &
  typeof authApi &
  typeof socialApi &
  typeof sellerSignupApi &
  typeof addressesApi &
  typeof ordersApi &
  typeof sellerOrdersApi &
  typeof paymentsApi &
  typeof chatApi &
  typeof supportApi &
  typeof sellerApi &
  typeof sellerProductsApi &
  typeof sellerImportApi &
  typeof sellerMarketingApi &
  typeof sellerShopApi &
  typeof adminCatalogApi &
  typeof adminContentApi &
  typeof adminSettingsApi &
  typeof adminMarketplaceApi;
export type ApiKey = keyof Api;
export type InputOf<K extends ApiKey> = EndpointInput<Api[K] & Endpoint>;
export type DataOf<K extends ApiKey> = EndpointData<Api[K] & Endpoint>;
