// Business constants of the spec (section 9) shared by server and web.
export const DEFAULT_LOCALE = "en";
export const API_BASE = "/api";
/** An order status's one interface text, on every page, bell and mail: "On The Way" -> "orders.status_on_the_way". */
export const orderStatusKey = (status: string) => `orders.status_${status.toLowerCase().replace(/ /g, "_")}`;
export const DEFAULT_CURRENCY = { name: "USD", symbol: "$", position: "prefix" } as const;
export const TOAST_CART_MS = 3000;
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_MAX = 20;
export const OTP_LENGTH = 4;
/** Arabic-Indic and Persian digits as ASCII ("٠٥٥" is "055"): numbers typed on an Arabic keyboard. */
export const asciiDigits = (s: string) =>
  s.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - (d >= "\u06f0" ? 0x6f0 : 0x660)));
export const OTP_RESEND_SECONDS = 60;
/** The most units one cart line holds. */
export const CART_QUANTITY_MAX = 100;
export const PHONE_MIN_LENGTH = 9;
export const PHONE_MAX_LENGTH = 16;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const LAST_SEEN_PING_MS = 10 * 60 * 1000;
export const CHAT_PAGE_SIZE = 20;
export const SHOP_LIST_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 500;
export const TIME_FORMAT = "hh:mm a, DD MMM, YYYY";
export const FOOTER_EXPANDED_MIN_WIDTH = 640;
export const PAGINATION_PER_PAGE = 10;
export const PAGINATION_SHOWN_PAGES = 5;
export const THEME_SHADES = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"] as const;
export const STORAGE_KEYS = {
  locale: "locale",
  token: "token",
  currency: "currency",
  guestEmail: "guest_email",
  guestPassword: "guest_password",
  guestTempId: "guest_temp_id",
  /** the email or phone a guest gave at checkout (the next checkout and "Create your account" start from it) */
  guestContact: "guest_contact",
  /** the products this browser's shopper opened last, newest first */
  recentlyViewed: "recently_viewed",
  /** what this browser's shopper searched for last, newest first */
  recentSearches: "recent_searches",
} as const;
export const PRODUCT_SORTS = [
  "top_selling",
  "popular_product",
  "best_deal",
  "newest",
  "high_to_low",
  "low_to_high",
] as const;
export const MAX_SEARCH_LENGTH = 100;
/** a report of a review (reviews.ts); here, free of zod, for the product page's first chunk */
export const REVIEW_REPORT_REASON_MAX = 500;
