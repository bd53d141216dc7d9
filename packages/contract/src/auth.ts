import { z } from "zod";
import { OTP_LENGTH, PASSWORD_MAX } from "./constants.ts";
import { endpoints } from "./endpoint.ts";
import {
  email,
  givenPassword,
  nationalPhone,
  newPassword,
  optionalNationalPhone,
  optionalPhoneCode,
  optionalText,
  passwordConfirmation,
  passwordsMatch,
  phoneCode,
  rawText,
  text,
} from "./fields.ts";

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** The `phone` field of login, send-otp and verify-otp: an email address or a phone number. */
const emailOrPhone = text("phone", 254);

// ---- requests ----

export const registrationBody = z
  .object({
    name: text("name", 100),
    phone: nationalPhone(),
    email: email(),
    password: newPassword(),
    country: text("country", 80),
    phone_code: phoneCode(),
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
    phone_code: optionalPhoneCode(),
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
    phone_code: optionalPhoneCode(),
    otp: rawText("otp").regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `The otp field must be ${OTP_LENGTH} digits.`),
  })
  .strict();
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;

/** The reset's fields without the check that the two passwords match (a form adds it in its own words). */
export const resetPasswordFields = z
  .object({ password: newPassword(), password_confirmation: passwordConfirmation(), token: text("token", 200) })
  .strict();
export const resetPasswordBody = resetPasswordFields.superRefine(passwordsMatch());
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** The change's fields without the check that the two passwords match (a form adds it in its own words). */
export const changePasswordFields = z
  .object({
    current_password: givenPassword("current password"),
    password: newPassword(),
    password_confirmation: passwordConfirmation(),
  })
  .strict();
export const changePasswordBody = changePasswordFields.superRefine(passwordsMatch());
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** Profile fields, sent as JSON or as multipart fields beside an optional `profile_photo` file. */
export const profileUpdateBody = z
  .object({
    name: text("name", 100),
    email: email(),
    phone: optionalNationalPhone(),
    phone_code: optionalPhoneCode(),
    country: optionalText("country", 80),
    /** needed (and checked like a login) when the email changes; blank or absent otherwise */
    current_password: rawText("current password")
      .max(PASSWORD_MAX, `The current password field must not be greater than ${PASSWORD_MAX} characters.`)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** Deleting one's own account: the current password says it is the owner asking. */
// Its label is "Your password" (the profile's own "Current Password" may show above it).
export const deleteAccountBody = z.object({ current_password: givenPassword() }).strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/**
 * A guest turns its account into a full one (its orders, cart and addresses stay): the fields of
 * registration, with the phone optional as in the profile.
 */
export const guestUpgradeBody = z
  .object({
    name: text("name", 100),
    email: email(),
    phone: optionalNationalPhone(),
    phone_code: optionalPhoneCode(),
    country: optionalText("country", 80),
    password: newPassword(),
  })
  .strict();
export type GuestUpgradeBody = z.infer<typeof guestUpgradeBody>;

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

export const authApi = endpoints({
  "POST /registration": { body: registrationBody, data: loginData },
  "POST /login": { body: loginBody, data: loginData },
  "POST /guest_login": { body: guestLoginBody, data: guestLoginData },
  "POST /send-otp": { body: sendOtpBody, data: sendOtpData, errors: ["code_recently_sent"] },
  "POST /verify-otp": { body: verifyOtpBody, data: verifyOtpData },
  "POST /reset-password": { body: resetPasswordBody, data: z.null() },
  "GET /logout": { data: z.null() },
  "GET /user": { data: userData },
  "GET /profile": { data: userData },
  /** multipart with the fields of `profileUpdateBody` and an optional `profile_photo` file (or JSON) */
  "POST /profile": { form: true, data: userData },
  "POST /change-password": { body: changePasswordBody, data: z.null() },
  "POST /profile/delete": { body: deleteAccountBody, data: z.null(), errors: ["conflict"] },
  "POST /guest/upgrade": { body: guestUpgradeBody, data: userData, errors: ["conflict"] },
  "GET /dashboard": { data: dashboardData },
});
