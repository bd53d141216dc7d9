import { adminCatalogApi } from "./admin-catalog.ts";
import { adminContentApi } from "./admin-content.ts";
import { adminMailApi } from "./admin-mail.ts";
import { adminMarketplaceApi } from "./admin-marketplace.ts";
import { adminSettingsApi } from "./admin-settings.ts";
import { authApi } from "./auth.ts";
import { cartApi, favoritesApi, vouchersApi } from "./cart.ts";
import { catalogApi } from "./catalog.ts";
import { chatApi } from "./chat.ts";
import { contentApi } from "./content.ts";
import { notificationsApi } from "./notifications.ts";
import { addressesApi, ordersApi, paymentsApi, sellerOrdersApi } from "./orders.ts";
import { returnsApi } from "./returns.ts";
import { reviewsApi } from "./reviews.ts";
import { sellerApi } from "./seller.ts";
import { sellerImportApi } from "./seller-import.ts";
import { sellerMarketingApi } from "./seller-marketing.ts";
import { sellerProductsApi } from "./seller-products.ts";
import { sellerShopApi } from "./seller-shop.ts";
import { sellerSignupApi } from "./seller-signup.ts";
import { settingsApi } from "./settings.ts";
import { socialApi } from "./social.ts";
import { stockAlertsApi } from "./stock-alerts.ts";
import { supportApi } from "./support.ts";

// Every declared call of the API in one object: the server's API description is made from it and
// `Api` (api.ts) is its type. The web imports only that type, so this object stays out of its code.
export const allEndpoints = {
  ...cartApi,
  ...catalogApi,
  ...settingsApi,
  ...contentApi,
  ...vouchersApi,
  ...favoritesApi,
  ...authApi,
  ...socialApi,
  ...sellerSignupApi,
  ...addressesApi,
  ...ordersApi,
  ...sellerOrdersApi,
  ...paymentsApi,
  ...chatApi,
  ...supportApi,
  ...sellerApi,
  ...sellerProductsApi,
  ...sellerImportApi,
  ...sellerMarketingApi,
  ...sellerShopApi,
  ...adminCatalogApi,
  ...adminContentApi,
  ...adminSettingsApi,
  ...adminMarketplaceApi,
  ...adminMailApi,
  ...reviewsApi,
  ...returnsApi,
  ...notificationsApi,
  ...stockAlertsApi,
};
