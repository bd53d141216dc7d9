import type { Generated, Insertable, Selectable } from "kysely";

// Row types of the database. Booleans are 0/1, timestamps ISO-8601 text, money minor units.
type Id = Generated<number>;
type Flag = Generated<number>;

export interface SettingsTable {
  key: string;
  value: string; // JSON
}
export interface LanguagesTable {
  id: Id;
  locale: string;
  name: string;
  title: string;
  direction: "ltr" | "rtl";
  is_default: Flag;
  sort: Generated<number>;
}
export interface TranslationsTable {
  id: Id;
  locale: string;
  key: string;
  value: string;
}
export interface CurrenciesTable {
  id: Id;
  name: string;
  symbol: string;
  position: "prefix" | "suffix";
  rate: number;
  decimals: Generated<number>;
  rate_updated_at: string | null;
  is_default: Flag;
  sort: Generated<number>;
}
export interface CountriesTable {
  id: Id;
  name: string;
  code: string;
  phone_code: string;
}
export interface MenusTable {
  id: Id;
  name: string;
  title: string;
  url: string;
  target: Generated<string>;
  is_external: Flag;
  sort: Generated<number>;
  i18n: Generated<string>;
}
export interface FootersTable {
  id: Id;
  title: string;
  sort: Generated<number>;
  i18n: Generated<string>;
}
export interface FooterItemsTable {
  id: Id;
  footer_id: number;
  type: string;
  title: string;
  url: string | null;
  target: string | null;
  sort: Generated<number>;
  i18n: Generated<string>;
}
export interface SocialLinksTable {
  id: Id;
  name: string;
  link: string;
  logo: string;
  sort: Generated<number>;
}
export interface BannersTable {
  id: Id;
  title: string;
  subtitle: Generated<string>;
  image: string;
  url: string;
  sort: Generated<number>;
  starts_at: string | null;
  ends_at: string | null;
  i18n: Generated<string>;
}
export interface UsersTable {
  id: Id;
  name: string;
  email: string | null;
  phone: string | null;
  phone_code: string | null;
  country: string | null;
  password_hash: string;
  profile_photo: string | null;
  role: Generated<"customer" | "seller" | "admin">;
  is_guest: Flag;
  blocked_at: string | null;
  verified_at: string | null;
  last_online: string | null;
  created_at: string;
  /** the language mails to this user are written in (018-notifications) */
  locale: string | null;
  /** when the account was erased at its owner's request (030-erased-users) */
  erased_at: string | null;
}
export interface ShopsTable {
  id: Id;
  user_id: number;
  name: string;
  slug: string;
  prefix: string;
  logo: string;
  banner: string;
  description: Generated<string>;
  address: Generated<string>;
  rating: Generated<number>;
  total_reviews: Generated<number>;
  delivery_charge: Generated<number>;
  estimated_delivery_time: string;
  status: Generated<"active" | "pending" | "rejected" | "suspended">;
  status_reason: string | null;
  commission_bp: Generated<number>;
  is_open: Flag;
  phone: string | null;
  email: string | null;
  low_stock_threshold: Generated<number>;
  last_online: string | null;
  created_at: string;
  i18n: Generated<string>;
}
export interface CategoriesTable {
  id: Id;
  name: string;
  slug: string;
  thumbnail: string;
  sort: Generated<number>;
  i18n: Generated<string>;
}
export interface SubCategoriesTable {
  id: Id;
  category_id: number;
  name: string;
  slug: string;
  thumbnail: string;
  sort: Generated<number>;
  i18n: Generated<string>;
}
export interface BrandsTable {
  id: Id;
  name: string;
  slug: string;
  logo: string;
}
export interface SizesTable {
  id: Id;
  name: string;
  sort: Generated<number>;
}
export interface ColorsTable {
  id: Id;
  name: string;
  color_code: string;
  i18n: Generated<string>;
}
export interface UnitsTable {
  id: Id;
  name: string;
  i18n: Generated<string>;
}
export interface VatTaxesTable {
  id: Id;
  name: string;
  rate_bp: number;
  i18n: Generated<string>; // JSON { "<locale>": { name } }
}
/** One row (id 1): moved by triggers whenever a product list may change (migration 025). */
export interface CatalogVersionTable {
  id: number;
  version: Generated<number | string>;
}

export interface ProductsTable {
  id: Id;
  shop_id: number;
  category_id: number;
  sub_category_id: number | null;
  brand_id: number | null;
  unit_id: number | null;
  vat_tax_id: number | null;
  name: string;
  slug: string;
  short_description: Generated<string>;
  description: Generated<string>;
  thumbnail: string;
  price: number;
  discount_price: Generated<number>;
  rating: Generated<number>;
  total_reviews: Generated<number>;
  total_sold: Generated<number>;
  views: Generated<number>;
  is_active: Flag;
  meta_title: Generated<string>;
  meta_description: Generated<string>;
  created_at: string;
  updated_at: string | null;
  moderation: Generated<"approved" | "pending" | "rejected">;
  moderation_reason: string | null;
  i18n: Generated<string>;
  /** moved by triggers whenever anything a shopper sees of the product changes (migration 024) */
  shown_version: Generated<number>;
}
export interface ProductSizesTable {
  id: Id;
  product_id: number;
  size_id: number;
  price: Generated<number>;
}
export interface ProductColorsTable {
  id: Id;
  product_id: number;
  color_id: number;
  price: Generated<number>;
}
export interface ProductVariantsTable {
  id: Id;
  product_id: number;
  size_id: Generated<number>;
  color_id: Generated<number>;
  stock: Generated<number>;
  sku: string | null;
}
export interface ProductImagesTable {
  id: Id;
  product_id: number;
  url: string;
  sort: Generated<number>;
}
export interface FlashSalesTable {
  id: Id;
  name: string;
  thumbnail: string;
  start_date: string;
  end_date: string;
  i18n: Generated<string>;
}
export interface FlashSaleItemsTable {
  id: Id;
  flash_sale_id: number;
  product_id: number;
  sale_price: number;
  quantity: number;
  sold: Generated<number>;
}
export interface ReviewsTable {
  id: Id;
  product_id: number;
  user_id: number;
  rating: number;
  comment: string;
  created_at: string;
  /** the delivered order it reviews; null for seeded reviews (not a verified purchase) */
  order_id: number | null;
  status: Generated<"visible" | "reported" | "kept" | "hidden">;
  helpful_count: Generated<number>;
  reply: string | null;
  replied_at: string | null;
  updated_at: string | null;
}
export interface ReviewPhotosTable {
  id: Id;
  review_id: number;
  url: string;
  sort: Generated<number>;
}
export interface ReviewVotesTable {
  review_id: number;
  user_id: number;
  created_at: string;
}
export interface ReviewReportsTable {
  id: Id;
  review_id: number;
  user_id: number;
  reason: string;
  created_at: string;
}
export interface BlogCategoriesTable {
  id: Id;
  name: string;
  slug: string;
  i18n: Generated<string>;
}
export interface BlogPostsTable {
  id: Id;
  category_id: number;
  author_id: number;
  title: string;
  slug: string;
  thumbnail: string;
  excerpt: string;
  body: string;
  tags: Generated<string>;
  total_views: Generated<number>;
  created_at: string;
  i18n: Generated<string>;
}
export interface PagesTable {
  id: Id;
  slug: string;
  title: string;
  body: string;
  i18n: Generated<string>;
}

export interface AccessTokensTable {
  id: Id;
  user_id: number;
  token_hash: string; // sha256 hex of the bearer token
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
  last_used_at: string | null;
}
export interface OtpCodesTable {
  id: Id;
  identity: string; // "email:<address>" or "phone:<digits>" as the client typed it, normalised
  purpose: "register" | "forgot";
  user_id: number | null;
  ip: string;
  code_hash: string; // HMAC-SHA256 of the code with the app secret
  attempts: Generated<number>;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}
export interface PasswordResetsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}
export interface OutboxTable {
  id: Id;
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
  /** kept (no transport: the outbox is the end), queued, sent or failed */
  status: Generated<"kept" | "queued" | "sent" | "failed">;
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: string | null;
  /** the HTML alternative of a mail's text body */
  html: string | null;
}
export interface JobsTable {
  id: Id;
  name: string;
  data: string; // JSON
  state: "queued" | "active" | "failed";
  attempts: Generated<number>;
  run_at: string;
  last_error: string | null;
  created_at: string;
}
export interface RateEventsTable {
  id: Id;
  key: string;
  created_at: string;
}

export interface ContactMessagesTable {
  id: Id;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string;
  created_at: string;
}

export interface CartsTable {
  id: Id;
  user_id: number;
  product_id: number;
  size_id: Generated<number>; // 0 = no size
  color_id: Generated<number>; // 0 = no colour
  unit_id: Generated<number>; // 0 = no unit
  quantity: number;
  is_buy_now: Flag;
  unit_price_at_add: number; // minor units, to tell the shopper when the price changed
  sale_quantity_at_add: Generated<number>; // units last shown at a flash-sale price
  created_at: string;
}
export interface CouponsTable {
  id: Id;
  shop_id: number;
  code: string;
  discount: number; // basis points for "Percentage", minor units for "Fixed"
  discount_type: "Percentage" | "Fixed";
  min_order_amount: Generated<number>;
  max_discount: number | null;
  usage_limit: number | null; // caps collections and uses; null = unlimited
  used_count: Generated<number>;
  is_active: Flag; // 0 = paused by the shop
  start_date: string;
  end_date: string;
  created_at: string;
}
export interface CouponCollectionsTable {
  id: Id;
  coupon_id: number;
  user_id: number;
  created_at: string;
}
export interface CouponUsagesTable {
  id: Id;
  coupon_id: number;
  user_id: number;
  order_ref: string | null;
  created_at: string;
}
export interface FavoritesTable {
  id: Id;
  user_id: number;
  product_id: number;
  created_at: string;
}

export interface TicketIssueTypesTable {
  id: Id;
  name: string;
  sort: Generated<number>;
  i18n: Generated<string>;
}
export interface SupportTicketsTable {
  id: Id;
  ticket_number: string; // random, public: "TK-" + 10 characters
  user_id: number;
  issue_type_id: number;
  subject: string | null;
  email: string;
  phone: string | null;
  order_number: string | null;
  status: Generated<"pending" | "confirm" | "completed" | "cancel">;
  message_count: Generated<number>;
  created_at: string;
  updated_at: string;
}
export interface SupportTicketMessagesTable {
  id: Id;
  ticket_id: number;
  user_id: number;
  is_staff: Flag;
  message: string;
  created_at: string;
}
export interface SupportTicketAttachmentsTable {
  id: Id;
  message_id: number;
  name: string; // the file name the sender gave, cleaned
  mime: string; // detected from the content
  size: number;
  stored_name: string; // random file name under DATA_DIR/private/tickets
}

export interface AddressesTable {
  id: Id;
  user_id: number;
  name: string;
  phone: string;
  area: string | null;
  flat_no: string | null;
  post_code: string | null;
  address_line: string;
  address_line2: string | null;
  address_type: "home" | "office" | "other";
  is_default: Flag;
  latitude: number | null;
  longitude: number | null;
  created_at: string;
  updated_at: string;
}
export interface PaymentsTable {
  id: Id;
  user_id: number;
  method: string; // "cash" or a gateway name
  status: Generated<"Pending" | "Paid">;
  amount: number;
  provider_ref: string | null;
  paid_at: string | null;
  created_at: string;
}
export interface OrdersTable {
  id: Id;
  user_id: number;
  shop_id: number;
  payment_id: number;
  order_code: string;
  order_status: "Pending" | "Confirm" | "Processing" | "Pickup" | "On The Way" | "Delivered" | "Cancelled";
  payment_status: "Pending" | "Paid" | "Refunding" | "Refunded";
  payment_method: string;
  quantity: number;
  total_amount: number;
  discount: number;
  coupon_id: number | null;
  coupon_discount: number;
  delivery_charge: number;
  tax_amount: number;
  payable_amount: number;
  /** JSON ChargedCurrency: the currency the amounts are in, the default one when it was placed */
  currency: string;
  vat_taxes: Generated<string>; // JSON [{name, rate_bp, amount}]
  note: string | null;
  address: string; // JSON snapshot
  estimated_delivery_date: string | null;
  created_at: string;
  updated_at: string;
  /** what a guest gave at checkout to be reached by (one of the two); null for a registered shopper */
  contact_email: string | null;
  contact_phone: string | null;
  /** the parcel, as the shop gave it (all three null until then; the url may stay null) */
  shipment_carrier: string | null;
  shipment_tracking_number: string | null;
  shipment_tracking_url: string | null;
}
export interface RefundsTable {
  id: Id;
  payment_id: number;
  order_id: number;
  amount: number;
  reason: string;
  status: Generated<"Pending" | "Sent" | "Succeeded" | "Failed">;
  method: string;
  provider_ref: string | null;
  idempotency_key: string;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  refunded_at: string | null;
}
export type ReturnStatus = "Requested" | "Approved" | "Rejected" | "Received";
export interface ReturnsTable {
  id: Id;
  order_id: number;
  user_id: number;
  shop_id: number;
  status: Generated<ReturnStatus>;
  reason: string;
  reject_reason: string | null;
  refund_amount: number | null;
  refund_id: number | null;
  created_at: string;
  updated_at: string;
  decided_at: string | null;
  received_at: string | null;
}
export interface ReturnItemsTable {
  id: Id;
  return_id: number;
  order_product_id: number;
  quantity: number;
}
export interface ReturnPhotosTable {
  id: Id;
  return_id: number;
  url: string;
  sort: Generated<number>;
}
export interface OrderProductsTable {
  id: Id;
  order_id: number;
  product_id: number;
  size_id: Generated<number>;
  color_id: Generated<number>;
  unit_id: Generated<number>;
  name: string;
  size_name: string | null;
  color_name: string | null;
  color_code: string | null;
  unit_name: string | null;
  regular_price: number;
  price: number;
  quantity: number;
  flash_sale_item_id: number | null;
  flash_sale_qty: Generated<number>;
}
export interface OrderStatusHistoryTable {
  id: Id;
  order_id: number;
  status: OrdersTable["order_status"];
  changed_by: "customer" | "seller" | "system";
  created_at: string;
}
export interface IdempotencyKeysTable {
  id: Id;
  user_id: number;
  key: string;
  request_hash: string;
  response: string; // JSON of the first answer
  created_at: string;
}

/** A provider identity (provider + subject) that signs a user in (migration 008). */
export interface SocialAccountsTable {
  id: Id;
  user_id: number;
  provider: "google" | "facebook" | "apple";
  subject: string;
  email: string | null;
  created_at: string;
  last_login_at: string;
}

export interface ChatConversationsTable {
  id: Id;
  user_id: number;
  shop_id: number;
  user_unread: Generated<number>; // shop messages the user has not seen
  shop_unread: Generated<number>; // user messages the shop has not seen
  last_message_id: number | null;
  last_message_at: string;
  created_at: string;
}
export interface ChatMessagesTable {
  id: Id;
  conversation_id: number;
  sender_type: "user" | "shop";
  sender_id: number;
  message: string | null; // null for a product card
  product_id: number | null;
  seen_at: string | null;
  created_at: string;
  /** the sender's own key for the message, when the client gave one */
  client_id: string | null;
}

export interface StockMovementsTable {
  id: Id;
  shop_id: number;
  product_id: number;
  size_id: Generated<number>;
  color_id: Generated<number>;
  change: number;
  stock_after: number;
  reason: "order" | "cancel" | "return" | "edit" | "import" | "restock";
  ref: string | null;
  user_id: number | null;
  created_at: string;
}
export type ShopRole = "products" | "orders" | "all";
export interface ShopStaffTable {
  id: Id;
  shop_id: number;
  user_id: number;
  role: ShopRole;
  created_at: string;
}
export interface ShopInvitesTable {
  id: Id;
  shop_id: number;
  email: string;
  role: ShopRole;
  token_hash: string;
  invited_by: number;
  expires_at: string;
  accepted_at: string | null;
  created_at: string;
}

export interface AuditLogTable {
  id: Id;
  user_id: number;
  action: string;
  entity: string;
  entity_id: string | null;
  summary: Generated<string>;
  before: string | null;
  after: string | null;
  created_at: string;
}

export interface Database {
  settings: SettingsTable;
  jobs: JobsTable;
  languages: LanguagesTable;
  translations: TranslationsTable;
  currencies: CurrenciesTable;
  countries: CountriesTable;
  menus: MenusTable;
  footers: FootersTable;
  footer_items: FooterItemsTable;
  social_links: SocialLinksTable;
  banners: BannersTable;
  users: UsersTable;
  shops: ShopsTable;
  categories: CategoriesTable;
  sub_categories: SubCategoriesTable;
  brands: BrandsTable;
  sizes: SizesTable;
  colors: ColorsTable;
  units: UnitsTable;
  vat_taxes: VatTaxesTable;
  products: ProductsTable;
  catalog_version: CatalogVersionTable;
  product_sizes: ProductSizesTable;
  product_colors: ProductColorsTable;
  product_variants: ProductVariantsTable;
  product_images: ProductImagesTable;
  flash_sales: FlashSalesTable;
  flash_sale_items: FlashSaleItemsTable;
  reviews: ReviewsTable;
  review_photos: ReviewPhotosTable;
  review_votes: ReviewVotesTable;
  review_reports: ReviewReportsTable;
  blog_categories: BlogCategoriesTable;
  blog_posts: BlogPostsTable;
  pages: PagesTable;
  access_tokens: AccessTokensTable;
  otp_codes: OtpCodesTable;
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
  rate_events: RateEventsTable;
  contact_messages: ContactMessagesTable;
  carts: CartsTable;
  coupons: CouponsTable;
  coupon_collections: CouponCollectionsTable;
  coupon_usages: CouponUsagesTable;
  favorites: FavoritesTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  addresses: AddressesTable;
  payments: PaymentsTable;
  orders: OrdersTable;
  refunds: RefundsTable;
  returns: ReturnsTable;
  return_items: ReturnItemsTable;
  return_photos: ReturnPhotosTable;
  order_products: OrderProductsTable;
  order_status_history: OrderStatusHistoryTable;
  idempotency_keys: IdempotencyKeysTable;
  ticket_issue_types: TicketIssueTypesTable;
  support_tickets: SupportTicketsTable;
  support_ticket_messages: SupportTicketMessagesTable;
  social_accounts: SocialAccountsTable;
  support_ticket_attachments: SupportTicketAttachmentsTable;
  stock_movements: StockMovementsTable;
  shop_staff: ShopStaffTable;
  shop_invites: ShopInvitesTable;
  audit_log: AuditLogTable;
  notifications: NotificationsTable;
  mail_opt_outs: MailOptOutsTable;
  stock_alerts: StockAlertsTable;
}
/** A shopper waiting for a sold-out variant (size_id, color_id 0 when the product has none). */
export interface StockAlertsTable {
  id: Id;
  user_id: number;
  product_id: number;
  size_id: number;
  color_id: number;
  created_at: string;
}
/** An in-app notification for one shopper (user_id) or one shop (shop_id). */
export interface NotificationsTable {
  id: Id;
  user_id: number | null;
  shop_id: number | null;
  kind: string;
  /** null for a notification about something else (a ticket, a review) */
  order_id: number | null;
  return_id: number | null;
  /** JSON: what the text is rendered from in the viewer's language */
  params: string;
  read_at: string | null;
  created_at: string;
}
/** A mail topic a user turned off. */
export interface MailOptOutsTable {
  user_id: number;
  topic: string;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Product = Selectable<ProductsTable>;
export type Shop = Selectable<ShopsTable>;
