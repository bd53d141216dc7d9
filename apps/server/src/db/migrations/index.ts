import type { Migration, MigrationProvider } from "kysely";
import { catalogMigration } from "./001-catalog.ts";
import { contentMigration } from "./002-content.ts";
import { authMigration } from "./003-auth.ts";
import { cartMigration } from "./004-cart.ts";
import { ordersMigration } from "./005-orders.ts";
import { chatMigration } from "./006-chat.ts";
import { supportMigration } from "./007-support.ts";
import { socialMigration } from "./008-social.ts";
import { pricingMigration } from "./009-pricing.ts";
import { sellerMigration } from "./010-seller.ts";
import { adminMigration } from "./011-admin.ts";
import { uiTextsMigration } from "./012-ui-texts.ts";
import { refundsMigration } from "./013-refunds.ts";
import { guestContactMigration } from "./014-guest-contact.ts";
import { reviewsMigration } from "./015-reviews.ts";
import { jobsMigration } from "./016-jobs.ts";
import { returnsMigration } from "./017-returns.ts";
import { notificationsMigration } from "./018-notifications.ts";
import { searchMigration } from "./019-search.ts";
import { scaleIndexesMigration } from "./020-scale-indexes.ts";
import { relatedIndexMigration } from "./021-related-index.ts";
import { basePriceIndexMigration } from "./022-base-price-index.ts";
import { vatNamesMigration } from "./023-vat-names.ts";
import { shownVersionMigration } from "./024-shown-version.ts";
import { catalogVersionMigration } from "./025-catalog-version.ts";
import { homeVersionMigration } from "./026-home-version.ts";
import { notificationsBeyondOrdersMigration } from "./027-notifications-beyond-orders.ts";
import { shipmentMigration } from "./028-shipment.ts";
import { stockAlertsMigration } from "./029-stock-alerts.ts";
import { erasedUsersMigration } from "./030-erased-users.ts";
import { chatClientIdsMigration } from "./031-chat-client-ids.ts";
import { orderCurrencyMigration } from "./032-order-currency.ts";
import type { MigrationContext } from "./table.ts";

// Migrations are plain functions of the dialect, so one list serves SQLite and PostgreSQL.
// Later modules append theirs here, in order.
const all: Array<[string, (ctx: MigrationContext) => Migration]> = [
  ["001-catalog", catalogMigration],
  ["002-content", contentMigration],
  ["003-auth", authMigration],
  ["004-cart", cartMigration],
  ["005-orders", ordersMigration],
  ["006-chat", chatMigration],
  ["007-support", supportMigration],
  ["008-social", socialMigration],
  ["009-pricing", pricingMigration],
  ["010-seller", sellerMigration],
  ["011-admin", adminMigration],
  ["012-ui-texts", uiTextsMigration],
  ["013-refunds", refundsMigration],
  ["014-guest-contact", guestContactMigration],
  ["015-reviews", reviewsMigration],
  ["016-jobs", jobsMigration],
  ["017-returns", returnsMigration],
  ["018-notifications", notificationsMigration],
  ["019-search", searchMigration],
  ["020-scale-indexes", scaleIndexesMigration],
  ["021-related-index", relatedIndexMigration],
  ["022-base-price-index", basePriceIndexMigration],
  ["023-vat-names", vatNamesMigration],
  ["024-shown-version", shownVersionMigration],
  ["025-catalog-version", catalogVersionMigration],
  ["026-home-version", homeVersionMigration],
  ["027-notifications-beyond-orders", notificationsBeyondOrdersMigration],
  ["028-shipment", shipmentMigration],
  ["029-stock-alerts", stockAlertsMigration],
  ["030-erased-users", erasedUsersMigration],
  ["031-chat-client-ids", chatClientIdsMigration],
  ["032-order-currency", orderCurrencyMigration],
];

export function migrationProvider(ctx: MigrationContext): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(all.map(([name, make]) => [name, make(ctx)]));
    },
  };
}
