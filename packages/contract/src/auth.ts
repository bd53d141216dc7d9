import { z } from "zod";
import { noControlChars } from "./common.ts";
import { OTP_LENGTH } from "./constants.ts";
import { endpoints } from "./endpoint.ts";

// Field messages follow the source API's wording ("The email field is required."), because the
// storefront shows the first message of each field under that field.
const required = (label: string) => `The ${label} field is required.`;
/** The type error of a field: "required" when missing, otherwise "must be a string". */
const stringType = (label: string) => ({
  error: (iss: { code?: string; input?: unknown }) =>
    iss.code === "invalid_type"
      ? iss.input == null
        ? required(label)
        : `The ${label} field must be a string.`
      : undefined,
});

/** A required, trimmed, bounded text field with field-named messages. */
const text = (label: string, max: number, min = 1) =>
  z
    .string(stringType(label))
    .trim()
    .min(min, min <= 1 ? required(label) : `The ${label} field must be at least ${min} characters.`)
    .max(max, `The ${label} field must not be greater than ${max} characters.`)
    .check(noControlChars(label));

/** An optional text field: missing, null or blank all mean "not given". */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} field must be a string.` })
    .trim()
    .max(max, `The ${label} field must not be greater than ${max} characters.`)
    .check(noControlChars(label))
    .nullish()
    .transform((v) => (v ? v : null));

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** A new password: 8 to 64 characters, not trimmed (spaces are part of a password). */
const newPassword = (label = "password") =>
  z
    .string(stringType(label))
    .min(PASSWORD_MIN, {
      error: (iss) =>
        iss.input === "" ? required(label) : `The ${label} field must be at least ${PASSWORD_MIN} characters.`,
    })
    .max(PASSWORD_MAX, `The ${label} field must not be greater than ${PASSWORD_MAX} characters.`);

/** A password being checked (login, current password): any non-empty string up to the maximum. */
const givenPassword = (label = "password") =>
  z
    .string(stringType(label))
    .min(1, required(label))
    .max(PASSWORD_MAX, `The ${label} field must not be greater than ${PASSWORD_MAX} characters.`);

const email = text("email", 254).toLowerCase().pipe(z.email("The email field must be a valid email address."));

/** Digits only, as the registration form sends it; lengths from settings are checked by the server. */
const phoneDigits = text("phone", 20).regex(/^\d+$/, "The phone field must contain only digits.");

const phoneCode = text("phone code", 8).regex(/^\+?\d{1,6}$/, "The phone code field must be a dialling code like +1.");

/** The `phone` field of login, send-otp and verify-otp: an email address or a phone number. */
const emailOrPhone = text("phone", 254);

const confirmed = <T extends { password: string; password_confirmation: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: "Confirm Password does not match." });
  }
};

// ---- requests ----

export const registrationBody = z
  .object({
    name: text("name", 100),
    phone: phoneDigits,
    email,
    password: newPassword(),
    country: text("country", 80),
    phone_code: phoneCode,
  })
  .strict();
export type RegistrationBody = z.infer<typeof registrationBody>;

export const loginBody = z.object({ phone: emailOrPhone, password: givenPassword() }).strict();
export type LoginBody = z.infer<typeof loginBody>;

/** Without stored credentials a new guest is created; with them the same guest signs in again. */
export const guestLoginBody = z
  .object({ phone: optionalText("phone", 254), password: optionalText("password", PASSWORD_MAX) })
  .strict();
export type GuestLoginBody = z.infer<typeof guestLoginBody>;

export const sendOtpBody = z
  .object({
    phone: emailOrPhone,
    phone_code: optionalText("phone code", 8),
    // 1 asks for a password-reset code; null or absent for the registration code.
    forgot_password: z
      .union([z.literal(1), z.literal("1"), z.literal(true)], { error: "The forgot password field must be 1 or null." })
      .nullish()
      .transform((v) => v != null),
  })
  .strict();
export type SendOtpBody = z.infer<typeof sendOtpBody>;
/** What a client sends (forgot_password as 1 or null). */
export type SendOtpRequest = z.input<typeof sendOtpBody>;

export const verifyOtpBody = z
  .object({
    phone: emailOrPhone,
    phone_code: optionalText("phone code", 8),
    otp: z
      .string(stringType("otp"))
      .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `The otp field must be ${OTP_LENGTH} digits.`),
  })
  .strict();
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;

export const resetPasswordBody = z
  .object({
    password: newPassword(),
    password_confirmation: z.string(stringType("password confirmation")).max(PASSWORD_MAX),
    token: text("token", 200),
  })
  .strict()
  .superRefine(confirmed);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const changePasswordBody = z
  .object({
    current_password: givenPassword("current password"),
    password: newPassword(),
    password_confirmation: z.string(stringType("password confirmation")).max(PASSWORD_MAX),
  })
  .strict()
  .superRefine(confirmed);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** Profile fields, sent as JSON or as multipart fields beside an optional `profile_photo` file. */
export const profileUpdateBody = z
  .object({
    name: text("name", 100),
    email,
    phone: optionalText("phone", 20).refine(
      (v) => v === null || /^\d+$/.test(v),
      "The phone field must contain only digits.",
    ),
    phone_code: optionalText("phone code", 8),
    country: optionalText("country", 80),
  })
  .strict();
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

// ---- answers ----

export const authUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phone_code: z.string().nullable(),
  country: z.string().nullable(),
  profile_photo: z.string().nullable(),
  is_guest: z.boolean(),
  is_verified: z.boolean(),
  /** Sellers and admins also sign in to the seller and admin areas. */
  role: z.enum(["customer", "seller", "admin"]),
});
export type AuthUser = z.infer<typeof authUser>;

export const accessToken = z.object({ auth_type: z.literal("Bearer"), token: z.string(), expires_at: z.string() });
export type AccessToken = z.infer<typeof accessToken>;

export const loginData = z.object({ user: authUser, access: accessToken });
export type LoginData = z.infer<typeof loginData>;

/** `password` is present only when the guest was just created: it is shown once. */
export const guestLoginData = loginData.extend({
  temp_id: z.string(),
  email: z.string(),
  password: z.string().optional(),
});
export type GuestLoginData = z.infer<typeof guestLoginData>;

export const sendOtpData = z.object({ email_or_phone: z.string(), channel: z.enum(["email", "phone"]) });
export type SendOtpData = z.infer<typeof sendOtpData>;

/** `token` is the password-reset token after a forgot-password code; null after a registration code. */
export const verifyOtpData = z.object({ token: z.string().nullable() });
export type VerifyOtpData = z.infer<typeof verifyOtpData>;

export const userData = z.object({ user: authUser });
export type UserData = z.infer<typeof userData>;

export const dashboardData = z.object({
  total_orders: z.number().int(),
  pending: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
  wishlist: z.number().int(),
  recent_orders: z.array(z.record(z.string(), z.unknown())),
});
export type DashboardData = z.infer<typeof dashboardData>;

/** Field builders with the source API's messages, for other contract files (support, seller signup). */
export const fieldRules = { required, text, optionalText, email, phoneDigits, phoneCode, newPassword };

export const authApi = endpoints({
  "POST /registration": { body: registrationBody, data: loginData },
  "POST /login": { body: loginBody, data: loginData },
  "POST /guest_login": { body: guestLoginBody, data: guestLoginData },
  "POST /send-otp": { body: sendOtpBody, data: sendOtpData },
  "POST /verify-otp": { body: verifyOtpBody, data: verifyOtpData },
  "POST /reset-password": { body: resetPasswordBody, data: z.null() },
  "GET /logout": { data: z.null() },
  "GET /user": { data: userData },
  "GET /profile": { data: userData },
  /** multipart with the fields of `profileUpdateBody` and an optional `profile_photo` file (or JSON) */
  "POST /profile": { form: true, data: userData },
  "POST /change-password": { body: changePasswordBody, data: z.null() },
  "GET /dashboard": { data: dashboardData },
});
