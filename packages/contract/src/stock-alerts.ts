import { z } from "zod";
import { productCard } from "./catalog.ts";
import { idParams } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import { optionalId } from "./fields.ts";

// "Tell me when it is back": a signed-in shopper waits for a sold-out variant of a product; when
// its stock comes back the bell says so (notification kind `back_in_stock`) and the wait ends.

/** How many variants one shopper may wait for at once. */
export const STOCK_ALERTS_MAX = 100;

export const STOCK_ALERT_MESSAGES = {
  saved: "We will tell you when it is back in stock.",
  removed: "You will not be told about this item.",
  inStock: "This item is in stock: you can add it to your cart now.",
  tooMany: `You are waiting for ${STOCK_ALERTS_MAX} items already: stop waiting for one first.`,
} as const;

/** A variant of the product in the path: its size and colour (null or absent when it has none). */
export const stockAlertBody = z.object({ size: optionalId("size"), color: optionalId("color") }).strict();
export type StockAlertBody = z.infer<typeof stockAlertBody>;

export const stockAlertsData = z.object({
  /** the variants of this product the shopper waits for */
  alerts: z.array(z.object({ size: z.number().int().nullable(), color: z.number().int().nullable() })),
});
export type StockAlertsData = z.infer<typeof stockAlertsData>;

/** Every variant the shopper waits for, newest first: the product's card and the variant's names. */
export const stockAlertListData = z.object({
  items: z.array(
    z.object({
      product: productCard,
      size: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      color: z.object({ id: z.number().int(), name: z.string(), color_code: z.string() }).nullable(),
    }),
  ),
});
export type StockAlertListData = z.infer<typeof stockAlertListData>;

export const stockAlertsApi = endpoints({
  "GET /stock-alerts": { data: stockAlertListData },
  "GET /stock-alerts/:id": { params: idParams, data: stockAlertsData },
  "POST /stock-alerts/:id": { params: idParams, body: stockAlertBody, data: stockAlertsData },
  "POST /stock-alerts/:id/delete": { params: idParams, body: stockAlertBody, data: stockAlertsData },
});
