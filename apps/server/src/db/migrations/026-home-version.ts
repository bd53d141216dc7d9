import type { Migration } from "kysely";
import { everyWriteOf, versionTriggers } from "./025-catalog-version.ts";
import type { MigrationContext } from "./table.ts";

// Home, the categories and the flash sales' list are kept by the catalogue's version too
// (docs/decisions.md, "Home kept by the catalogue's version"), so it also moves on what those show
// beyond products: the admin's banners and categories, and a shop's face on home. Not a shop's last
// visit (`last_online`, written as its seller works): whether a shop is online may lag by
// CATALOG_KEPT_SECONDS, as home's rows do.
const SHOWN_SHOP_COLUMNS = [
  "name",
  "slug",
  "logo",
  "banner",
  "description",
  "address",
  "rating",
  "total_reviews",
  "delivery_charge",
  "estimated_delivery_time",
  "is_open",
  "i18n",
];

export const homeVersionMigration = ({ pg }: MigrationContext): Migration =>
  versionTriggers(pg, "home_version", [
    ...everyWriteOf("banners", "categories", "sub_categories"),
    ["shops", "insert"],
    ["shops", "delete"],
    ["shops", "update", SHOWN_SHOP_COLUMNS.map((c) => `old.${c} <> new.${c}`).join(" or ")],
  ]);
