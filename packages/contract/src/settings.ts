import { z } from "zod";
import { endpoints } from "./endpoint.ts";

export const currency = z.object({
  id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  position: z.enum(["prefix", "suffix"]),
  rate: z.number(),
  rate_from_default: z.number(),
  is_default: z.boolean(),
  /** digits after the decimal sign when prices are shown in this currency (2 when absent) */
  decimals: z.number().int().min(0).max(4).optional(),
});
export type Currency = z.infer<typeof currency>;

/**
 * The currency an order was charged in, as it was written then: its amounts are in it, whatever
 * currency is the default now, and it stays even if that currency is later renamed or deleted.
 */
export const chargedCurrency = currency.pick({ name: true, symbol: true, position: true }).extend({
  decimals: z.number().int().min(0).max(4),
});
export type ChargedCurrency = z.infer<typeof chargedCurrency>;

export const language = z.object({
  id: z.number().int(),
  name: z.string(), // the locale code, e.g. "ar"
  title: z.string(), // shown in the switch, e.g. "العربية"
  direction: z.enum(["ltr", "rtl"]),
  is_default: z.boolean(),
});
export type Language = z.infer<typeof language>;

export const country = z.object({ id: z.number().int(), name: z.string(), code: z.string(), phone_code: z.string() });
export type Country = z.infer<typeof country>;

export const menuItem = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  url: z.string(),
  target: z.string(),
  is_external: z.boolean(),
});
export type MenuItem = z.infer<typeof menuItem>;

export const footerItemType = z.enum(["logo", "text", "phone", "email", "social_links", "app_store", "link"]);
export const footerItem = z.object({
  id: z.number().int(),
  type: footerItemType,
  title: z.string(),
  url: z.string().nullable(),
  target: z.string().nullable(),
});
export const footerGroup = z.object({ id: z.number().int(), title: z.string(), items: z.array(footerItem) });
export type FooterGroup = z.infer<typeof footerGroup>;
export type FooterItem = z.infer<typeof footerItem>;

export const socialLink = z.object({ name: z.string(), link: z.string(), logo: z.string() });
export type SocialLink = z.infer<typeof socialLink>;

export const paymentGateway = z.object({ id: z.number().int(), title: z.string(), name: z.string(), logo: z.string() });

const socialAuth = z.object({ is_active: z.boolean(), client_id: z.string() });

/** 12 entries: primary and primary50 ... primary950. */
export const themeColors = z.record(z.string(), z.string());

export const master = z.object({
  app_name: z.string(),
  logo: z.string(),
  /** the tab icon; "" for none */
  favicon: z.string(),
  app_locale: z.string(),
  app_environment: z.string(),
  currency: currency,
  currencies: z.array(currency),
  languages: z.array(language),
  cash_on_delivery: z.boolean(),
  online_payment: z.boolean(),
  payment_gateways: z.array(paymentGateway),
  delivery_charges: z.object({ type: z.string(), default_charge: z.number() }),
  multi_vendor: z.boolean(),
  mobile: z.string(), // hotline
  email: z.string(),
  address: z.string(),
  web_show_footer: z.boolean(),
  footer_text: z.string(),
  footer_description: z.string(),
  footer_logo: z.string(),
  footer_qr: z.string(),
  google_playstore_link: z.string(),
  app_store_link: z.string(),
  show_download_app: z.boolean(),
  social_links: z.array(socialLink),
  theme_colors: themeColors,
  pusher_app_key: z.string(),
  pusher_app_cluster: z.string(),
  pusher_host: z.string(),
  pusher_port: z.number().int(),
  pusher_scheme: z.enum(["http", "https"]),
  register_otp_verify: z.boolean(),
  register_otp_type: z.enum(["email", "phone"]),
  forgot_otp_type: z.enum(["email", "phone"]),
  order_place_account_verify: z.boolean(),
  phone_required: z.boolean(),
  phone_min_length: z.number().int(),
  phone_max_length: z.number().int(),
  return_order_within_days: z.number().int(),
  social_auths: z.object({
    /** Google's sign-in page: the popup opens it with our client id, PKCE, state and nonce. */
    google: socialAuth.extend({ authorization_url: z.string() }),
    facebook: socialAuth,
    apple: socialAuth.extend({ redirect_url: z.string() }),
  }),
  menus: z.array(menuItem),
  footers: z.array(footerGroup),
});
export type Master = z.infer<typeof master>;

export const langParams = z.object({ locale: z.string().min(2).max(10) }).strict();
export const langMessages = z.record(z.string(), z.string());
export type LangMessages = z.infer<typeof langMessages>;

export const countriesAnswer = z.object({ countries: z.array(country) });

// The server sends these answers pre-serialised from its cache; test/settings.test.ts checks them.
export const settingsApi = endpoints({
  "GET /master": { data: master },
  "GET /lang/:locale": { params: langParams, data: langMessages },
  "GET /countries": { data: countriesAnswer },
});
