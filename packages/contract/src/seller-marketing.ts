import { z } from "zod";
import { idParam, idParams, pageQuery, paginated } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import { DATE_RANGE_MESSAGES, dateTime, id, oneOf } from "./fields.ts";

// The Seller Centre's vouchers and the shop's entries in flash sales. Money in forms and answers is
// in major units with at most two decimals; a percentage is a number from 1 to 100 (two decimals).
// One use per shopper is not a setting: the storefront lets each shopper use a voucher once
// (coupon_usages is unique per coupon and shopper), so every voucher has it.

export const MARKETING_LIMITS = {
  code: 30,
  maxMoney: 10_000_000,
  maxUsageLimit: 1_000_000,
  maxCap: 1_000_000,
  /** products one request adds to a sale */
  maxJoin: 50,
  /** a shop's entries in one sale (the list shows them all) */
  maxEntriesPerSale: 100,
} as const;

export const SELLER_MARKETING_MESSAGES = {
  voucherCreated: "Voucher created.",
  voucherSaved: "Voucher saved.",
  voucherPaused: "Voucher paused.",
  voucherResumed: "Voucher resumed.",
  codeFormat: "The code may contain only the letters A to Z (no accents), digits and dashes.",
  codeTaken: "This code is already used by another voucher.",
  codeLocked: "The code of a voucher that has been used cannot change.",
  percentRange: "A percentage discount must be between 1 and 100.",
  fixedPositive: "The discount must be greater than 0.",
  maxDiscountPercentOnly: "A maximum discount applies to percentage vouchers only.",
  endAfterStart: DATE_RANGE_MESSAGES.endAfterStart,
  endInFuture: DATE_RANGE_MESSAGES.endInFuture,
  limitBelowUsed: "The total limit cannot be below the number of times the voucher was used.",
  entriesAdded: "Products added to the flash sale.",
  entrySaved: "Flash sale entry saved.",
  entryRemoved: "Product removed from the flash sale.",
  saleEnded: "This flash sale has ended; its entries can no longer change.",
  productInvalid: "The selected product is invalid.",
  productTwice: "This product is already in this flash sale.",
  minOrderAboveFixed: "The minimum order amount field must be greater than the discount.",
  salePriceBelowPrice: "The sale price must be lower than the product's current price.",
  salePricePositive: "The sale price must be greater than 0.",
  priceLockedRunning: "The sale price cannot change while the sale is running.",
  capBelowSold: "The cap cannot be below the units already sold.",
  leaveAfterSold: "A product that has sold units in a running sale cannot leave it.",
  tooManyEntries: `A shop may enter at most ${MARKETING_LIMITS.maxEntriesPerSale} products in one flash sale.`,
} as const;

const M = SELLER_MARKETING_MESSAGES;

const moneyField = (label: string) =>
  z
    .number({
      error: (iss) => (iss.input == null ? `The ${label} field is required.` : `The ${label} field must be a number.`),
    })
    .min(0, `The ${label} field must be at least 0.`)
    .max(MARKETING_LIMITS.maxMoney, `The ${label} field must not be greater than ${MARKETING_LIMITS.maxMoney}.`)
    .multipleOf(0.01, `The ${label} field must have at most two decimals.`);

const wholeCount = (label: string, min: number, max: number) =>
  z
    .number({
      error: (iss) => (iss.input == null ? `The ${label} field is required.` : `The ${label} field must be a number.`),
    })
    .int(`The ${label} field must be an integer.`)
    .min(min, `The ${label} field must be at least ${min}.`)
    .max(max, `The ${label} field must not be greater than ${max}.`);

export const DISCOUNT_TYPES = ["Percentage", "Fixed"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Create or edit a voucher: the same schema validates the Seller Centre's form and the server. */
export const voucherBody = z
  .object({
    /** upper-cased; unique in the marketplace */
    code: z
      .string({ error: "The code field is required." })
      .trim()
      .min(1, "The code field is required.")
      .max(MARKETING_LIMITS.code, `The code field must not be greater than ${MARKETING_LIMITS.code} characters.`)
      .regex(/^[A-Za-z0-9-]+$/, M.codeFormat)
      .transform((v) => v.toUpperCase()),
    discount_type: oneOf("discount type", DISCOUNT_TYPES),
    /** a percentage (1–100) or an amount off in major units */
    discount: moneyField("discount"),
    min_order_amount: moneyField("minimum order amount").default(0),
    /** percentage vouchers only; null = uncapped */
    max_discount: moneyField("maximum discount")
      .nullish()
      .transform((v) => v ?? null),
    start_date: dateTime("start date"),
    end_date: dateTime("end date"),
    /** caps collections and uses; null = unlimited */
    usage_limit: wholeCount("total limit", 1, MARKETING_LIMITS.maxUsageLimit)
      .nullish()
      .transform((v) => v ?? null),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.discount_type === "Percentage" && (v.discount < 1 || v.discount > 100)) {
      ctx.addIssue({ code: "custom", path: ["discount"], message: M.percentRange });
    }
    if (v.discount_type === "Fixed" && v.discount <= 0) {
      ctx.addIssue({ code: "custom", path: ["discount"], message: M.fixedPositive });
    }
    // A fixed amount off as large as the smallest order it allows gives such orders away (a typo
    // of 500 for 5.00): the minimum order must be above the discount.
    if (v.discount_type === "Fixed" && v.discount > 0 && v.min_order_amount <= v.discount) {
      ctx.addIssue({ code: "custom", path: ["min_order_amount"], message: M.minOrderAboveFixed });
    }
    if (v.discount_type === "Fixed" && v.max_discount !== null) {
      ctx.addIssue({ code: "custom", path: ["max_discount"], message: M.maxDiscountPercentOnly });
    }
    if (v.end_date <= v.start_date) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: M.endAfterStart });
    }
  });
export type VoucherBody = z.input<typeof voucherBody>;
export type VoucherInput = z.output<typeof voucherBody>;

/** paused: by the shop; scheduled: not started; used_up: its total limit reached. */
export const VOUCHER_STATUSES = ["active", "paused", "scheduled", "expired", "used_up"] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const sellerVoucher = z.object({
  id: z.number().int(),
  code: z.string(),
  discount_type: z.enum(DISCOUNT_TYPES),
  /** a percentage, or major units */
  discount: z.number(),
  min_order_amount: z.number(),
  max_discount: z.number().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  collected_count: z.number().int(),
  is_active: z.boolean(),
  status: z.enum(VOUCHER_STATUSES),
  /** the code may change only while the voucher is unused */
  code_locked: z.boolean(),
  created_at: z.string(),
});
export type SellerVoucher = z.infer<typeof sellerVoucher>;
export const sellerVoucherData = z.object({ voucher: sellerVoucher });
export const sellerVouchersQuery = z.object({ ...pageQuery }).strict();

// --- flash sales ---------------------------------------------------------------------------------

export const saleEntryInput = z.object({
  /** major units; below the product's current price */
  sale_price: moneyField("sale price").refine((v) => v > 0, M.salePricePositive),
  /** units sold at the sale price */
  quantity: wholeCount("cap", 1, MARKETING_LIMITS.maxCap),
});

export const joinSaleBody = z
  .object({
    items: z
      .array(saleEntryInput.extend({ product_id: id("product") }).strict())
      .min(1, "Choose at least one product.")
      .max(MARKETING_LIMITS.maxJoin, `Choose at most ${MARKETING_LIMITS.maxJoin} products at a time.`),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.items.forEach((item, i) => {
      if (seen.has(item.product_id)) {
        ctx.addIssue({ code: "custom", path: ["items", i, "product_id"], message: M.productTwice });
      }
      seen.add(item.product_id);
    });
  });
export type JoinSaleBody = z.input<typeof joinSaleBody>;

/** Edit an entry: before the sale starts both; while it runs only the cap (not below sold). */
export const saleEntryBody = saleEntryInput.strict();
export type SaleEntryBody = z.input<typeof saleEntryBody>;

export const SALE_STATES = ["running", "upcoming", "ended"] as const;

export const saleEntry = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  thumbnail: z.string(),
  /** the product's current price (its discount price when it has one), for comparison */
  price: z.number(),
  sale_price: z.number(),
  /** the cap */
  quantity: z.number().int(),
  sold: z.number().int(),
});
export type SaleEntry = z.infer<typeof saleEntry>;

export const sellerFlashSale = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  state: z.enum(SALE_STATES),
  /** this shop's entries only */
  entries: z.array(saleEntry),
});
export type SellerFlashSale = z.infer<typeof sellerFlashSale>;
export const sellerFlashSaleData = z.object({ flash_sale: sellerFlashSale });
export const sellerFlashSalesQuery = z.object({ ...pageQuery }).strict();

export const saleEntryParams = z.object({ id: idParam }).strict();

export const sellerMarketingApi = endpoints({
  /** the shop's vouchers, newest first */
  "GET /seller/vouchers": { query: sellerVouchersQuery, data: paginated(sellerVoucher) },
  "GET /seller/vouchers/:id": { params: idParams, data: sellerVoucherData },
  "POST /seller/vouchers": { body: voucherBody, data: sellerVoucherData },
  "PUT /seller/vouchers/:id": { params: idParams, body: voucherBody, data: sellerVoucherData },
  "POST /seller/vouchers/:id/pause": { params: idParams, data: sellerVoucherData },
  "POST /seller/vouchers/:id/resume": { params: idParams, data: sellerVoucherData },
  /** running and upcoming sales (running first), each with this shop's entries */
  "GET /seller/flash-sales": { query: sellerFlashSalesQuery, data: paginated(sellerFlashSale) },
  /** adds products of this shop to a sale that has not ended */
  "POST /seller/flash-sales/:id/entries": { params: idParams, body: joinSaleBody, data: sellerFlashSaleData },
  "PUT /seller/flash-sales/entries/:id": { params: saleEntryParams, body: saleEntryBody, data: sellerFlashSaleData },
  "DELETE /seller/flash-sales/entries/:id": { params: saleEntryParams, data: sellerFlashSaleData },
});
