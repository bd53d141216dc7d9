import {
  adminSettingsApi,
  ADMIN_SETTINGS_MESSAGES as M,
  SITE_IMAGE_FIELDS,
  SITE_IMAGE_MAX_BYTES,
  type SiteImageField,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { fieldError } from "../../lib/errors.ts";
import { readMultipartForm } from "../../lib/multipart-form.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireRole } from "../auth/auth.plugin.ts";
import * as site from "./site-settings.service.ts";

const isImageField = (name: string): name is SiteImageField => (SITE_IMAGE_FIELDS as readonly string[]).includes(name);

/** The admin console. Site settings, languages with their interface translations, and currencies. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);
  const preValidation = requireRole("admin");
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id;

  registerRoutes(app, adminSettingsApi, {
    "GET /admin/settings": {
      preValidation,
      handler: async () => ({ message: "Settings", data: await site.siteSettings(deps) }),
    },
    "PUT /admin/settings": {
      preValidation,
      handler: async ({ body }, req) => ({ message: M.saved, data: await site.saveSiteSettings(deps, me(req), body) }),
    },
    "POST /admin/settings/images": {
      preValidation,
      handler: async (_, req) => {
        const { files } = req.isMultipart()
          ? await readMultipartForm(req, {
              fileField: isImageField,
              errorField: "logo",
              maxFiles: 1,
              maxBytes: SITE_IMAGE_MAX_BYTES,
              tooMany: "Only one file, logo or favicon, may be sent.",
              tooLarge: M.imageTooLarge,
            })
          : { files: [] };
        const file = files[0];
        if (!file || !isImageField(file.field)) throw fieldError("logo", M.imageMissing);
        return { message: M.imageSaved, data: await site.saveSiteImage(deps, me(req), file.field, file) };
      },
    },

    "GET /admin/languages": {
      preValidation,
      handler: async () => ({ message: "Languages", data: await site.languageList(deps) }),
    },
    "POST /admin/languages": {
      preValidation,
      handler: async ({ body }, req) => ({
        message: M.languageCreated,
        data: await site.createLanguage(deps, me(req), body),
      }),
    },
    "PUT /admin/languages/:id": {
      preValidation,
      handler: async ({ params, body }, req) => ({
        message: M.languageSaved,
        data: await site.updateLanguage(deps, me(req), params.id, body),
      }),
    },
    "DELETE /admin/languages/:id": {
      preValidation,
      handler: async ({ params }, req) => ({
        message: M.languageDeleted,
        data: await site.deleteLanguage(deps, me(req), params.id),
      }),
    },
    "POST /admin/languages/:id/default": {
      preValidation,
      handler: async ({ params }, req) => ({
        message: M.languageDefault,
        data: await site.setDefaultLanguage(deps, me(req), params.id),
      }),
    },
    "GET /admin/languages/:id/translations": {
      preValidation,
      handler: async ({ params, query }) => ({
        message: "Translations",
        data: await site.translationPage(deps, params.id, query),
      }),
    },
    "PUT /admin/languages/:id/translations": {
      preValidation,
      handler: async ({ params, body }, req) => ({
        message: M.translationsSaved,
        data: await site.saveTranslations(deps, me(req), params.id, body.texts),
      }),
    },
    "GET /admin/languages/:id/translations/export": {
      preValidation,
      handler: async ({ params }) => ({
        message: "Translations",
        data: await site.exportTranslations(deps, params.id),
      }),
    },
    "POST /admin/languages/:id/translations/import": {
      preValidation,
      handler: async ({ params, body }, req) => {
        const data = await site.importTranslations(deps, me(req), params.id, body.texts, body.apply);
        return { message: data.applied ? M.translationsImported : M.translationsPreview, data };
      },
    },

    "GET /admin/currencies": {
      preValidation,
      handler: async () => ({ message: "Currencies", data: await site.currencyList(deps) }),
    },
    "POST /admin/currencies": {
      preValidation,
      handler: async ({ body }, req) => ({
        message: M.currencyCreated,
        data: await site.createCurrency(deps, me(req), body),
      }),
    },
    "PUT /admin/currencies/:id": {
      preValidation,
      handler: async ({ params, body }, req) => ({
        message: M.currencySaved,
        data: await site.updateCurrency(deps, me(req), params.id, body),
      }),
    },
    "DELETE /admin/currencies/:id": {
      preValidation,
      handler: async ({ params }, req) => ({
        message: M.currencyDeleted,
        data: await site.deleteCurrency(deps, me(req), params.id),
      }),
    },
    "POST /admin/currencies/:id/default": {
      preValidation,
      handler: async ({ params }, req) => ({
        message: M.currencyDefault,
        data: await site.setDefaultCurrency(deps, me(req), params.id),
      }),
    },
    "POST /admin/currencies/:id/rate": {
      preValidation,
      handler: async ({ params, body }, req) => ({
        message: M.rateSaved,
        data: await site.refreshRate(deps, me(req), params.id, body.rate),
      }),
    },
  });
};
