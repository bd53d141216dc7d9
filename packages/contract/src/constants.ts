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

// The account's refusals and names (in a file without schemas: the first page's auth store reads the guest's name).
export const AUTH_MESSAGES = {
  /** 422 on `current_password` from POST /profile when the email changes without it */
  currentPasswordRequired: "Enter your current password to change your email or phone.",
  currentPasswordWrong: "The current password is incorrect.",
  /** 409 from POST /guest/upgrade for an account that is not a guest */
  notGuest: "This account is already a full account.",
  upgraded: "Your account has been created.",
  /** POST /profile/delete */
  deleted: "Your account has been deleted.",
  /** 409 from POST /profile/delete */
  deleteOwnsShop: "You own a shop: ask the marketplace to close it before deleting your account.",
  deleteOpen: "You have an order or a return still open: you can delete your account once it is settled.",
  deleteAdmin: "An administrator's account cannot be deleted.",
  /** the name others see of an erased account, in their language */
  deletedUser: "Deleted user",
  /** the name a guest account is made with; shown in the reader's language (a name the guest gave stays) */
  guestName: "Guest",
} as const;
