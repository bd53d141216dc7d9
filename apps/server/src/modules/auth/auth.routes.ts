import {
  changePasswordBody,
  dashboardData,
  envelope,
  guestLoginBody,
  guestLoginData,
  loginBody,
  loginData,
  profileUpdateBody,
  registrationBody,
  resetPasswordBody,
  sendOtpBody,
  sendOtpData,
  userData,
  verifyOtpBody,
  verifyOtpData,
} from "@market/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { currentUser, requireAuth } from "./auth.plugin.ts";
import * as auth from "./auth.service.ts";

const done = envelope(z.null());

/** Registration, sign-in (password, guest), one-time codes, password reset and the account area. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: auth.AuthDeps = {
    dbh: app.dbh,
    config: app.config,
    mailer: app.mailer,
    sms: app.sms,
    log: app.log,
  };

  app.post(
    "/registration",
    { schema: { body: registrationBody, response: { 200: envelope(loginData) } } },
    async (req) => ({ message: "Registration successful.", data: await auth.register(deps, req.body) }),
  );

  app.post("/login", { schema: { body: loginBody, response: { 200: envelope(loginData) } } }, async (req) => ({
    message: "Login successful.",
    data: await auth.login(deps, req.ip, req.body),
  }));

  app.post(
    "/guest_login",
    { schema: { body: guestLoginBody, response: { 200: envelope(guestLoginData) } } },
    async (req) => ({ message: "Login as a guest successful.", data: await auth.guestLogin(deps, req.ip, req.body) }),
  );

  app.post("/send-otp", { schema: { body: sendOtpBody, response: { 200: envelope(sendOtpData) } } }, async (req) => ({
    message: "The code has been sent.",
    data: await auth.sendOtp(deps, req.ip, req.body),
  }));

  app.post(
    "/verify-otp",
    { schema: { body: verifyOtpBody, response: { 200: envelope(verifyOtpData) } } },
    async (req) => {
      const data = await auth.verifyOtp(deps, req.body);
      return { message: data.token ? "The code is verified." : "Your account is verified.", data };
    },
  );

  app.post("/reset-password", { schema: { body: resetPasswordBody, response: { 200: done } } }, async (req) => {
    await auth.resetPassword(deps, req.body);
    return { message: "Your password has been reset.", data: null };
  });

  app.get("/logout", { preHandler: requireAuth, schema: { response: { 200: done } } }, async (req) => {
    await auth.logout(deps, currentUser(req).token_id);
    return { message: "Logout successfully", data: null };
  });

  app.get("/user", { preHandler: requireAuth, schema: { response: { 200: envelope(userData) } } }, async (req) => ({
    message: "User",
    data: { user: await auth.getUser(deps, currentUser(req).id) },
  }));

  app.get("/profile", { preHandler: requireAuth, schema: { response: { 200: envelope(userData) } } }, async (req) => ({
    message: "Profile",
    data: { user: await auth.getUser(deps, currentUser(req).id) },
  }));

  // JSON, or multipart/form-data with the same fields and an optional `profile_photo` file.
  app.post("/profile", { preHandler: requireAuth, schema: { response: { 200: envelope(userData) } } }, async (req) => {
    const { fields, photo } = req.isMultipart() ? await readProfileForm(req) : { fields: req.body, photo: null };
    const body = parseFields(profileUpdateBody, fields);
    const user = await auth.updateProfile(deps, currentUser(req).id, body, photo);
    return { message: "Profile updated successfully.", data: { user } };
  });

  app.post(
    "/change-password",
    { preHandler: requireAuth, schema: { body: changePasswordBody, response: { 200: done } } },
    async (req) => {
      const me = currentUser(req);
      await auth.changePassword(deps, me.id, me.token_id, req.body);
      return { message: "Password changed successfully.", data: null };
    },
  );

  app.get(
    "/dashboard",
    { preHandler: requireAuth, schema: { response: { 200: envelope(dashboardData) } } },
    async (req) => ({
      message: "Dashboard",
      data: await auth.dashboard(deps, currentUser(req).id),
    }),
  );
};

/** Validates fields that did not go through the route schema (multipart) with the same 422 shape. */
function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join(".") || "body";
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw new AppError(422, Object.values(errors)[0]?.[0] ?? "The given data was invalid.", errors);
}

const photoTooLarge = () =>
  new AppError(422, "The profile photo must not be greater than 2048 kilobytes.", {
    profile_photo: ["The profile photo must not be greater than 2048 kilobytes."],
  });

async function readProfileForm(req: FastifyRequest) {
  const fields: Record<string, string> = {};
  let photo: auth.PhotoUpload | null = null;
  for await (const part of req.parts()) {
    if (part.type === "field") {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== "profile_photo" || photo) {
      throw new AppError(422, "Only one file, profile_photo, may be sent.", {
        [part.fieldname]: ["Only one file, profile_photo, may be sent."],
      });
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (e) {
      if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw photoTooLarge();
      throw e;
    }
    // A form submitted without choosing a file sends an empty, unnamed part: no new photo.
    if (bytes.length === 0 && !part.filename) continue;
    photo = { bytes, truncated: part.file.truncated };
  }
  return { fields, photo };
}
