import { AUTH_MESSAGES, authApi, profileUpdateBody } from "@market/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { appDeps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { parseFormFields } from "../../lib/multipart-form.ts";
import { registerRoutes } from "../../lib/route.ts";
import { rememberLocale } from "../notifications/notifications.service.ts";
import { shopperDashboard } from "../orders/orders.service.ts";
import { currentUser, requireAuth } from "./auth.plugin.ts";
import * as auth from "./auth.service.ts";

/** Registration, sign-in (password, guest), one-time codes, password reset and the account area. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const deps = appDeps(app);

  registerRoutes(app, authApi, {
    "POST /registration": {
      handler: async ({ body }, req) => {
        const data = await auth.register(deps, req.ip, body);
        await rememberLocale(deps, data.user.id, requestLocale(req));
        return { message: "Registration successful.", data };
      },
    },
    "POST /login": {
      handler: async ({ body }, req) => {
        const data = await auth.login(deps, req.ip, body);
        await rememberLocale(deps, data.user.id, requestLocale(req));
        return { message: "Login successful.", data };
      },
    },
    "POST /guest_login": {
      handler: async ({ body }, req) => ({
        message: "Login as a guest successful.",
        data: await auth.guestLogin(deps, req.ip, body),
      }),
    },
    "POST /send-otp": {
      handler: async ({ body }, req) => ({
        message: "The code has been sent.",
        data: await auth.sendOtp(deps, req.ip, body, requestLocale(req)),
      }),
    },
    "POST /verify-otp": {
      handler: async ({ body }, req) => {
        const data = await auth.verifyOtp(deps, req.ip, body);
        return { message: data.token ? "The code is verified." : "Your account is verified.", data };
      },
    },
    "POST /reset-password": {
      handler: async ({ body }) => {
        await auth.resetPassword(deps, body);
        return { message: "Your password has been reset.", data: null };
      },
    },
    "GET /logout": {
      preValidation: requireAuth,
      handler: async (_, req) => {
        await auth.logout(deps, currentUser(req).token_id);
        return { message: "Logout successfully", data: null };
      },
    },
    "GET /user": {
      preValidation: requireAuth,
      handler: async (_, req) => ({ message: "User", data: { user: await auth.getUser(deps, currentUser(req).id) } }),
    },
    "GET /profile": {
      preValidation: requireAuth,
      handler: async (_, req) => ({
        message: "Profile",
        data: { user: await auth.getUser(deps, currentUser(req).id) },
      }),
    },
    // JSON, or multipart/form-data with the same fields and an optional `profile_photo` file.
    "POST /profile": {
      preValidation: requireAuth,
      handler: async (_, req) => {
        const { fields, photo } = req.isMultipart() ? await readProfileForm(req) : { fields: req.body, photo: null };
        const body = parseFormFields(profileUpdateBody, fields);
        const user = await auth.updateProfile(deps, currentUser(req).id, req.ip, body, photo);
        return { message: "Profile updated successfully.", data: { user } };
      },
    },
    "POST /change-password": {
      preValidation: requireAuth,
      handler: async ({ body }, req) => {
        const me = currentUser(req);
        await auth.changePassword(deps, me.id, me.token_id, req.ip, body);
        return { message: "Password changed successfully.", data: null };
      },
    },
    "POST /profile/delete": {
      preValidation: requireAuth,
      handler: async ({ body }, req) => {
        await auth.deleteAccount(deps, currentUser(req).id, req.ip, body);
        return { message: AUTH_MESSAGES.deleted, data: null };
      },
    },
    "POST /guest/upgrade": {
      preValidation: requireAuth,
      handler: async ({ body }, req) => ({
        message: AUTH_MESSAGES.upgraded,
        data: { user: await auth.upgradeGuest(deps, currentUser(req), body) },
      }),
    },
    "GET /dashboard": {
      preValidation: requireAuth,
      handler: async (_, req) => ({ message: "Dashboard", data: await shopperDashboard(deps, currentUser(req).id) }),
    },
  });
};

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
