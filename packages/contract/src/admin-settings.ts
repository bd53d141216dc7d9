import { z } from "zod";
import { idParams, noControlChars, pageQuery, paginated, queryFlag } from "./common.ts";
import { THEME_SHADES } from "./constants.ts";
import { endpoints } from "./endpoint.ts";
import { email, oneOf, optionalText, search, text } from "./fields.ts";

// The admin console. Site settings, languages with their interface translations, and currencies.

export const ADMIN_SETTINGS_MESSAGES = {
  saved: "Settings saved.",
  imageSaved: "Image saved.",
  imageTooLarge: "The image must not be greater than 1024 kilobytes.",
  imageBadType: "The image must be a file of type: jpg, png, webp.",
  imageMissing: "Choose an image to upload.",
  phoneRange: "The phone minimum length must not be greater than the maximum length.",
  paymentNeeded: "At least one payment method must stay on.",
  languageCreated: "Language added.",
  languageSaved: "Language saved.",
  languageDeleted: "Language deleted.",
  languageDefault: "Default language changed.",
  languageTaken: "A language with this code already exists.",
  languageIsDefault: "The default language cannot be deleted.",
  languageIsSource: "English is the source of every text and cannot be deleted.",
  translationsSaved: "Translations saved.",
  translationsImported: "Translations imported.",
  translationsPreview: "Import preview.",
  currencyCreated: "Currency added.",
  currencySaved: "Currency saved.",
  currencyDeleted: "Currency deleted.",
  currencyDefault: "Default currency changed.",
  currencyTaken: "A currency with this code already exists.",
  currencyIsDefault: "The default currency cannot be deleted.",
  rateSaved: "Exchange rate saved.",
} as const;

/** A site image (logo, favicon): checked by content. */
export const SITE_IMAGE_MAX_BYTES = 1024 * 1024;
export const SITE_IMAGE_FIELDS = ["logo", "favicon"] as const;
export type SiteImageField = (typeof SITE_IMAGE_FIELDS)[number];
export const PHONE_LENGTH_MIN = 4;
export const PHONE_LENGTH_MAX = 20;
export const RETURN_WINDOW_MAX_DAYS = 365;
/** The keys of `theme_colors`: `primary` and `primary50` ... `primary950`. */
export const THEME_COLOR_KEYS = ["primary", ...THEME_SHADES.map((s) => `primary${s}` as const)] as const;
/** Translation texts saved or imported in one call. */
export const TRANSLATIONS_PER_CALL = 5000;
export const TRANSLATION_MAX = 2000;

const HEX = /^#[0-9a-fA-F]{6}$/;
const OTP_CHANNELS = ["email", "phone"] as const;

const flag = (label: string) => z.boolean({ error: `The ${label} field must be true or false.` });

/** Blank, or an http(s) address. */
const optionalUrl = (label: string) =>
  z
    .string({ error: `The ${label} field must be a string.` })
    .trim()
    .max(500, `The ${label} field must not be greater than 500 characters.`)
    .refine((v) => v === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), `The ${label} field must be a valid URL.`);

const phoneLength = (label: string) =>
  z
    .number({ error: `The ${label} field must be a number.` })
    .int(`The ${label} field must be an integer.`)
    .min(PHONE_LENGTH_MIN, `The ${label} field must be at least ${PHONE_LENGTH_MIN}.`)
    .max(PHONE_LENGTH_MAX, `The ${label} field must not be greater than ${PHONE_LENGTH_MAX}.`);

const hexColor = z
  .string({ error: "Each colour is required." })
  .regex(HEX, "A colour must look like #4f46e5.")
  .transform((v) => v.toLowerCase());
/** All 12 shades, each a #rrggbb colour. */
export const themeColorsBody = z.record(z.enum(THEME_COLOR_KEYS), hexColor);

// ---- site settings ----

/** The settings form: the same schema validates the admin's form and the server. */
export const FOOTER_LIMITS = { text: 120, description: 500, languages: 20 } as const;
/** A footer text: blank is "" (the footer then shows its own fallback, or the default language's). */
const footerText = (label: string, max: number) => optionalText(label, max).transform((v) => v ?? "");
const footerTexts = z
  .object({
    footer_text: footerText("footer text", FOOTER_LIMITS.text),
    footer_description: footerText("footer description", FOOTER_LIMITS.description),
  })
  .strict();

export const siteSettingsBody = z
  .object({
    app_name: text("app name", 60),
    /** the copyright line after "© <year>", in the default language */
    footer_text: footerText("footer text", FOOTER_LIMITS.text),
    footer_description: footerText("footer description", FOOTER_LIMITS.description),
    /** the footer's texts in the other languages, by code ("ar"); blank falls back to the default's */
    footer_translations: z
      .record(z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, "The language code is invalid."), footerTexts)
      .refine(
        (v) => Object.keys(v).length <= FOOTER_LIMITS.languages,
        "The footer translations field has too many languages.",
      )
      .default({}),
    theme_colors: themeColorsBody,
    register_otp_verify: flag("register OTP verify"),
    register_otp_type: oneOf("register OTP type", OTP_CHANNELS),
    forgot_otp_type: oneOf("forgot OTP type", OTP_CHANNELS),
    cash_on_delivery: flag("cash on delivery"),
    online_payment: flag("online payment"),
    multi_vendor: flag("multi vendor"),
    show_download_app: flag("show download app"),
    google_playstore_link: optionalUrl("Google Play link"),
    app_store_link: optionalUrl("App Store link"),
    order_place_account_verify: flag("order place account verify"),
    phone_min_length: phoneLength("phone minimum length"),
    phone_max_length: phoneLength("phone maximum length"),
    /** days after delivery a shopper may ask to return (0: no returns) */
    return_order_within_days: z
      .number({ error: "The return window field must be a number." })
      .int("The return window field must be an integer.")
      .min(0, "The return window field must be at least 0.")
      .max(RETURN_WINDOW_MAX_DAYS, `The return window field must not be greater than ${RETURN_WINDOW_MAX_DAYS}.`),
    /** the hotline */
    mobile: z
      .string({ error: "The hotline field must be a string." })
      .trim()
      .max(30, "The hotline field must not be greater than 30 characters.")
      .refine((v) => v === "" || /^\+?[\d\s()-]{3,30}$/.test(v), "The hotline field must be a phone number."),
    email: z.union([z.literal(""), email("contact email")]),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.phone_min_length > v.phone_max_length)
      ctx.addIssue({ code: "custom", path: ["phone_min_length"], message: ADMIN_SETTINGS_MESSAGES.phoneRange });
    if (!v.cash_on_delivery && !v.online_payment)
      ctx.addIssue({ code: "custom", path: ["cash_on_delivery"], message: ADMIN_SETTINGS_MESSAGES.paymentNeeded });
  });
export type SiteSettingsBody = z.input<typeof siteSettingsBody>;

export const adminSiteSettings = z.object({
  app_name: z.string(),
  footer_text: z.string(),
  footer_description: z.string(),
  footer_translations: z.record(z.string(), z.object({ footer_text: z.string(), footer_description: z.string() })),
  logo: z.string(),
  favicon: z.string(),
  theme_colors: z.record(z.string(), z.string()),
  register_otp_verify: z.boolean(),
  register_otp_type: z.enum(OTP_CHANNELS),
  forgot_otp_type: z.enum(OTP_CHANNELS),
  cash_on_delivery: z.boolean(),
  online_payment: z.boolean(),
  multi_vendor: z.boolean(),
  show_download_app: z.boolean(),
  google_playstore_link: z.string(),
  app_store_link: z.string(),
  order_place_account_verify: z.boolean(),
  phone_min_length: z.number().int(),
  phone_max_length: z.number().int(),
  return_order_within_days: z.number().int(),
  mobile: z.string(),
  email: z.string(),
});
export type AdminSiteSettings = z.infer<typeof adminSiteSettings>;

// ---- languages ----

export const languageCode = z
  .string({ error: "The code field is required." })
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, 'The code field must be a language code like "de" or "pt-br".');

export const languageBody = z
  .object({
    name: text("name", 60),
    title: text("display name", 60),
    direction: oneOf("direction", ["ltr", "rtl"] as const),
  })
  .strict();
export const newLanguageBody = languageBody.extend({ code: languageCode }).strict();
export type LanguageBody = z.input<typeof languageBody>;
export type NewLanguageBody = z.input<typeof newLanguageBody>;

export const adminLanguage = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  title: z.string(),
  direction: z.enum(["ltr", "rtl"]),
  is_default: z.boolean(),
  /** interface texts with no text in this language (English shows instead) */
  missing: z.number().int(),
});
export type AdminLanguage = z.infer<typeof adminLanguage>;

export const translationsQuery = z
  .object({
    ...pageQuery,
    search: search(),
    missing: queryFlag.optional(),
  })
  .strict();

export const translationRow = z.object({
  /** "namespace.key" */
  key: z.string(),
  /** the English text */
  source: z.string(),
  /** this language's text; null when it has none (the English one shows) */
  text: z.string().nullable(),
  /** the text was set in the console (not the shipped one) */
  edited: z.boolean(),
});
export type TranslationRow = z.infer<typeof translationRow>;

export const translationPage = paginated(translationRow).extend({
  /** keys of the whole language with no text in it */
  missing: z.number().int(),
});

const translationTexts = z
  .record(
    z.string().min(1).max(200),
    z
      .string({ error: "Each text must be a string." })
      .max(TRANSLATION_MAX, `A text must not be greater than ${TRANSLATION_MAX} characters.`)
      .check(noControlChars("text")),
  )
  .refine((r) => Object.keys(r).length <= TRANSLATIONS_PER_CALL, `At most ${TRANSLATIONS_PER_CALL} texts at once.`);

/** Texts by key; a blank text removes the language's own text (the shipped or English one shows). */
export const translationsBody = z.object({ texts: translationTexts }).strict();
export type TranslationsBody = z.input<typeof translationsBody>;

/** An exported file `{ "namespace.key": "text" }`, previewed first (`apply: false`), then applied. */
export const translationsImportBody = z.object({ texts: translationTexts, apply: z.boolean() }).strict();

export const translationsImportData = z.object({
  changed: z.array(z.object({ key: z.string(), before: z.string().nullable(), after: z.string() })),
  /** keys no interface text has: skipped */
  unknown: z.array(z.string()),
  unchanged: z.number().int(),
  applied: z.boolean(),
});
export type TranslationsImportData = z.infer<typeof translationsImportData>;

// ---- currencies ----

export const currencyBody = z
  .object({
    name: z
      .string({ error: "The code field is required." })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, "The code field must be three letters like EUR."),
    symbol: text("symbol", 10),
    position: oneOf("position", ["prefix", "suffix"] as const),
    rate: z
      .number({ error: "The rate field must be a number." })
      .positive("The rate field must be greater than 0.")
      .max(1_000_000, "The rate field must not be greater than 1000000."),
    decimals: z
      .number({ error: "The decimals field must be a number." })
      .int("The decimals field must be an integer.")
      .min(0, "The decimals field must be at least 0.")
      .max(4, "The decimals field must not be greater than 4."),
  })
  .strict();
export type CurrencyBody = z.input<typeof currencyBody>;
export const currencyRateBody = currencyBody.pick({ rate: true }).strict();

export const adminCurrency = z.object({
  id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  position: z.enum(["prefix", "suffix"]),
  rate: z.number(),
  decimals: z.number().int(),
  is_default: z.boolean(),
  /** ISO time the rate was last set; null for a seeded rate never changed */
  rate_updated_at: z.string().nullable(),
});
export type AdminCurrency = z.infer<typeof adminCurrency>;

const done = z.object({ ok: z.literal(true) });

export const adminSettingsApi = endpoints({
  "GET /admin/settings": { data: adminSiteSettings },
  "PUT /admin/settings": { body: siteSettingsBody, data: adminSiteSettings },
  /** multipart: one file under `logo` or `favicon` */
  "POST /admin/settings/images": { form: true, data: adminSiteSettings },

  "GET /admin/languages": { data: z.array(adminLanguage) },
  "POST /admin/languages": { body: newLanguageBody, data: adminLanguage },
  "PUT /admin/languages/:id": { params: idParams, body: languageBody, data: adminLanguage },
  "DELETE /admin/languages/:id": { params: idParams, data: done },
  "POST /admin/languages/:id/default": { params: idParams, data: z.array(adminLanguage) },
  "GET /admin/languages/:id/translations": { params: idParams, query: translationsQuery, data: translationPage },
  "PUT /admin/languages/:id/translations": { params: idParams, body: translationsBody, data: adminLanguage },
  /** `{ "namespace.key": "text" }`: this language's texts (shipped or edited) */
  "GET /admin/languages/:id/translations/export": { params: idParams, data: z.record(z.string(), z.string()) },
  "POST /admin/languages/:id/translations/import": {
    params: idParams,
    body: translationsImportBody,
    data: translationsImportData,
  },

  "GET /admin/currencies": { data: z.array(adminCurrency) },
  "POST /admin/currencies": { body: currencyBody, data: adminCurrency },
  "PUT /admin/currencies/:id": { params: idParams, body: currencyBody, data: adminCurrency },
  "DELETE /admin/currencies/:id": { params: idParams, data: done },
  "POST /admin/currencies/:id/default": { params: idParams, data: z.array(adminCurrency) },
  "POST /admin/currencies/:id/rate": { params: idParams, body: currencyRateBody, data: adminCurrency },
});
