import { z } from "zod";
import { dayQuery, idParam, idParams, pageQuery, paginated, timeZoneField } from "./common.ts";
import { endpoints } from "./endpoint.ts";
import { DATE_RANGE_MESSAGES, dateTime, optionalText, search, text } from "./fields.ts";
import { ORDER_STATUSES, orderDetail, sellerOrderCustomer, sellerOrderListItem } from "./orders.ts";
import { sellerDashboard } from "./seller-shop.ts";

// The admin console. The marketplace: its overview, shops (in seller-signup.ts, beside their
// approval), product moderation, orders, users, flash sales and the audit log.

export const ADMIN_MARKETPLACE_MESSAGES = {
  productApproved: "Product approved; it is on the storefront again.",
  productRejected: "Product rejected; its seller sees why.",
  productUnpublished: "Product unpublished; its seller sees why.",
  moderationSaved: "Product moderation setting saved.",
  /** 409: approving a product that is already approved */
  alreadyApproved: "This product is already approved.",
  userBlocked: "User blocked; their sessions have ended.",
  userUnblocked: "User unblocked.",
  /** 409/422: an admin cannot block themselves or another admin */
  cannotBlockAdmin: "An administrator cannot be blocked.",
  /** 403 from login after the right password of a blocked account */
  accountBlocked: "Your account has been blocked. Please contact support.",
  resetSent: "A password reset code has been sent to the user.",
  /** 422: the user has neither email nor phone */
  noContact: "This user has no email address or phone number to send a code to.",
  flashSaleSaved: "Flash sale saved.",
  flashSaleDeleted: "Flash sale deleted.",
  /** 409: a sale with sold units stays for the orders' history */
  flashSaleHasSales: "This flash sale has sold units and cannot be deleted.",
  entryRemoved: "Entry removed from the flash sale.",
  /** 409 */
  entryHasSales: "This entry has sold units and cannot be removed.",
  endBeforeStart: DATE_RANGE_MESSAGES.endAfterStart,
  endInFuture: DATE_RANGE_MESSAGES.endInFuture,
  bannerRequired: "The banner image is required.",
  bannerTooLarge: "The banner image must not be greater than 2048 kilobytes.",
  bannerBadType: "The banner image must be a file of type: jpg, png, webp.",
} as const;

// ---- products ----

export const PRODUCT_MODERATIONS = ["approved", "pending", "rejected"] as const;
export type ProductModeration = (typeof PRODUCT_MODERATIONS)[number];
export const MODERATION_REASON_MAX = 500;

export const adminProductsQuery = z
  .object({
    ...pageQuery,
    /** product name or shop name */
    search: search(),
    moderation: z.enum(PRODUCT_MODERATIONS, { error: "The selected moderation state is invalid." }).optional(),
  })
  .strict();
export type AdminProductsQuery = z.input<typeof adminProductsQuery>;

export const adminProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string(),
  price: z.number(),
  /** published by its seller */
  is_active: z.boolean(),
  moderation: z.enum(PRODUCT_MODERATIONS),
  moderation_reason: z.string().nullable(),
  /** listed on the storefront: published, approved and its shop active */
  listed: z.boolean(),
  shop: z.object({ id: z.number().int(), name: z.string(), status: z.string() }),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

/** What a moderator reads before deciding: the product as its seller wrote it, in the reader's language where written. */
export const adminProductPreview = adminProduct.extend({
  discount_price: z.number(),
  category: z.string(),
  sub_category: z.string().nullable(),
  brand: z.string().nullable(),
  short_description: z.string(),
  /** sanitised HTML */
  description: z.string(),
  /** the thumbnail first */
  images: z.array(z.string()),
  variants: z.array(
    /** size and colour are null on a product without sizes or colours */
    z.object({
      size: z.string().nullable(),
      color: z.string().nullable(),
      stock: z.number().int(),
      sku: z.string().nullable(),
    }),
  ),
});
export type AdminProductPreview = z.infer<typeof adminProductPreview>;

export const adminProductsData = z.object({
  products: paginated(adminProduct),
  /** whether new and edited products wait for approval */
  moderation_on: z.boolean(),
  pending_count: z.number().int(),
});

export const moderationReasonBody = z.object({ reason: text("reason", MODERATION_REASON_MAX) }).strict();
export type ModerationReasonBody = z.input<typeof moderationReasonBody>;
export const moderationSettingBody = z
  .object({ enabled: z.boolean({ error: "The enabled field must be true or false." }) })
  .strict();

// ---- orders ----

export const adminOrdersQuery = z
  .object({
    ...pageQuery,
    order_status: z.enum(ORDER_STATUSES, { error: "The order status field is invalid." }).optional(),
    /** order number, shopper's name or email, or shop name */
    search: search(),
  })
  .strict();
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;
export const adminOrderDetail = orderDetail.extend({ customer: sellerOrderCustomer });
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

// ---- users ----

export const USER_ROLES = ["customer", "seller", "admin"] as const;
export const adminUsersQuery = z
  .object({
    ...pageQuery,
    /** name, email or phone */
    search: search(),
    role: z.enum(USER_ROLES, { error: "The selected role is invalid." }).optional(),
    blocked: z.enum(["1", "0"]).optional(),
  })
  .strict();
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

export const adminUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phone_code: z.string().nullable(),
  role: z.enum(USER_ROLES),
  is_guest: z.boolean(),
  blocked_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

// ---- flash sales ----

export const FLASH_SALE_NAME_MAX = 150;
export const FLASH_SALE_BANNER_MAX_BYTES = 2 * 1024 * 1024;
export const FLASH_SALE_STATES = ["scheduled", "running", "ended"] as const;

/**
 * The fields of `POST /admin/flash-sales` and `PUT /admin/flash-sales/:id` (multipart, beside a
 * `banner` image, required on create). `translations` is a JSON object `{ "ar": "name", ... }`.
 */
export const flashSaleFields = z
  .object({
    name: text("name", FLASH_SALE_NAME_MAX),
    translations: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return {} as Record<string, string>;
        try {
          const parsed = z
            .record(z.string().regex(/^[a-z]{2,3}$/), optionalText("name", FLASH_SALE_NAME_MAX))
            .parse(JSON.parse(v));
          return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => e[1] !== null));
        } catch {
          ctx.addIssue({ code: "custom", message: "The translations field must be a JSON object of names." });
          return z.NEVER;
        }
      }),
    start_date: dateTime("start date"),
    end_date: dateTime("end date"),
  })
  .strict()
  .refine((v) => Date.parse(v.end_date) > Date.parse(v.start_date), {
    path: ["end_date"],
    message: ADMIN_MARKETPLACE_MESSAGES.endBeforeStart,
  });
export type FlashSaleFields = z.input<typeof flashSaleFields>;

export const adminFlashSale = z.object({
  id: z.number().int(),
  name: z.string(),
  translations: z.record(z.string(), z.string()),
  thumbnail: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  state: z.enum(FLASH_SALE_STATES),
  entries: z.number().int(),
  sold: z.number().int(),
});
export type AdminFlashSale = z.infer<typeof adminFlashSale>;

export const adminFlashSaleEntry = z.object({
  id: z.number().int(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  product: z.object({ id: z.number().int(), name: z.string(), thumbnail: z.string() }),
  sale_price: z.number(),
  quantity: z.number().int(),
  sold: z.number().int(),
});
export type AdminFlashSaleEntry = z.infer<typeof adminFlashSaleEntry>;
export const flashSaleEntryParams = z.object({ id: idParam, entryId: idParam }).strict();

// ---- audit log ----

/** What an admin's change did; the log names each in the reader's language. */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "move",
  "reorder",
  "default",
  "rate",
  "import",
  "approve",
  "reject",
  "unpublish",
  "suspend",
  "reinstate",
  "commission",
  "block",
  "unblock",
  "password_reset",
  "remove_entry",
  "hide",
  "keep",
  "retry",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What kind of record an admin's change touched. */
export const AUDIT_ENTITIES = [
  "setting",
  "language",
  "translation",
  "currency",
  "category",
  "sub_category",
  "brand",
  "unit",
  "size",
  "color",
  "banner",
  "menu",
  "footer",
  "footer_item",
  "page",
  "blog_post",
  "blog_category",
  "shop",
  "product",
  "user",
  "flash_sale",
  "review",
  "mail",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const auditQuery = z
  .object({
    ...pageQuery,
    /** text in the summary, the entity or its id */
    search: search(),
    entity: z.string().trim().max(40).optional(),
    admin_id: idParam.optional(),
    /** YYYY-MM-DD, inclusive; days in `tz` (UTC when absent) */
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "The from field must be a date.")
      .optional(),
    to: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "The to field must be a date.")
      .optional(),
    tz: timeZoneField.optional(),
  })
  .strict();
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  summary: z.string(),
  admin: z.object({ id: z.number().int(), name: z.string() }),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditData = z.object({
  entries: paginated(auditEntry),
  /** the filters' choices */
  entities: z.array(z.string()),
  admins: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/**
 * The admin's first page: how much waits in each queue, and the marketplace's figures (a seller
 * dashboard's, over every shop) in `currency`, the default one.
 */
export const adminOverview = sellerDashboard.extend({
  currency: z.string(),
  waiting: z.object({
    /** shops that asked to sell, to approve or reject */
    shops: z.number().int(),
    /** products waiting for moderation */
    products: z.number().int(),
    /** support tickets not answered yet */
    tickets: z.number().int(),
    /** reviews a shopper or seller reported */
    reviews: z.number().int(),
    /** mail that failed to send */
    mail: z.number().int(),
  }),
});
export type AdminOverview = z.infer<typeof adminOverview>;

export const adminMarketplaceApi = endpoints({
  "GET /admin/overview": { query: dayQuery, data: adminOverview },

  "GET /admin/products": { query: adminProductsQuery, data: adminProductsData },
  "PUT /admin/products/moderation": { body: moderationSettingBody, data: z.object({ enabled: z.boolean() }) },
  "GET /admin/products/:id": { params: idParams, data: z.object({ product: adminProductPreview }) },
  "POST /admin/products/:id/approve": { params: idParams, data: adminProduct },
  /** rejects a pending product, or unpublishes a listed one: its seller sees the reason */
  "POST /admin/products/:id/reject": { params: idParams, body: moderationReasonBody, data: adminProduct },

  "GET /admin/orders": { query: adminOrdersQuery, data: paginated(sellerOrderListItem) },
  "GET /admin/orders/:id": { params: idParams, data: adminOrderDetail },

  "GET /admin/users": { query: adminUsersQuery, data: paginated(adminUser) },
  "POST /admin/users/:id/block": { params: idParams, data: adminUser },
  "POST /admin/users/:id/unblock": { params: idParams, data: adminUser },
  /** sends the forgot-password code to the user's email (or phone), as "forgot password" does */
  "POST /admin/users/:id/password-reset": { params: idParams, data: z.object({ channel: z.enum(["email", "phone"]) }) },

  "GET /admin/flash-sales": { query: z.object(pageQuery).strict(), data: paginated(adminFlashSale) },
  /** multipart: the fields of `flashSaleFields` and a `banner` image */
  "POST /admin/flash-sales": { form: true, data: adminFlashSale },
  /** multipart: the fields of `flashSaleFields` and an optional new `banner` */
  "PUT /admin/flash-sales/:id": { params: idParams, form: true, data: adminFlashSale },
  "DELETE /admin/flash-sales/:id": { params: idParams, data: z.null() },
  "GET /admin/flash-sales/:id/entries": {
    params: idParams,
    query: z.object(pageQuery).strict(),
    data: paginated(adminFlashSaleEntry),
  },
  "DELETE /admin/flash-sales/:id/entries/:entryId": { params: flashSaleEntryParams, data: z.null() },

  "GET /admin/audit": { query: auditQuery, data: auditData },
});
