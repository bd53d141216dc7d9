import { adminCatalogApi, CATALOG_IMAGE_MAX_BYTES, ADMIN_CATALOG_MESSAGES as M } from "@market/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { fieldError } from "../../lib/errors.ts";
import { readMultipartForm } from "../../lib/multipart-form.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireRole } from "../auth/auth.plugin.ts";
import * as catalog from "./catalog.service.ts";

/** The one image of an upload form, under `field` ("image" or "logo"). */
async function imageOf(req: FastifyRequest, field: string) {
  const { files } = req.isMultipart()
    ? await readMultipartForm(req, {
        fileField: (name) => name === field,
        errorField: field,
        maxFiles: 1,
        maxBytes: CATALOG_IMAGE_MAX_BYTES,
        tooMany: "Only one image may be sent.",
        tooLarge: M.imageTooLarge,
      })
    : { files: [] };
  const file = files[0];
  if (!file) throw fieldError(field, M.imageMissing);
  return file;
}

/** The admin console. Catalogue structure: categories with sub-categories, brands, units, sizes, colours. */
export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);
  // preValidation: shoppers and sellers are refused before their input is read.
  const admin = requireRole("admin");
  const me = (req: FastifyRequest) => currentUser(req).id;

  registerRoutes(app, adminCatalogApi, {
    "GET /admin/categories": {
      preValidation: admin,
      handler: async ({ query }) => ({ message: "Categories", data: await catalog.categoryTree(deps, query) }),
    },
    "POST /admin/categories": {
      preValidation: admin,
      handler: async ({ body }, req) => ({
        message: M.created,
        data: await catalog.createCategory(deps, me(req), body),
      }),
    },
    "PUT /admin/categories/:id": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: M.saved,
        data: await catalog.updateCategory(deps, me(req), params.id, body),
      }),
    },
    "POST /admin/categories/:id/image": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: M.imageSaved,
        data: await catalog.categoryImage(deps, me(req), params.id, await imageOf(req, "image")),
      }),
    },
    "POST /admin/categories/:id/move": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: M.moved,
        data: await catalog.moveCategory(deps, me(req), params.id, body.direction),
      }),
    },
    "DELETE /admin/categories/:id": {
      preValidation: admin,
      handler: async ({ params, query }, req) => {
        const data = await catalog.deleteCategory(deps, me(req), params.id, query);
        return { message: data.moved_products > 0 ? M.movedAndDeleted : M.deleted, data };
      },
    },
    "POST /admin/categories/:id/sub-categories": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: M.created,
        data: await catalog.createSubCategory(deps, me(req), params.id, body),
      }),
    },
    "PUT /admin/sub-categories/:id": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: M.saved,
        data: await catalog.updateSubCategory(deps, me(req), params.id, body),
      }),
    },
    "POST /admin/sub-categories/:id/image": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: M.imageSaved,
        data: await catalog.subCategoryImage(deps, me(req), params.id, await imageOf(req, "image")),
      }),
    },
    "POST /admin/sub-categories/:id/move": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: M.moved,
        data: await catalog.moveSubCategory(deps, me(req), params.id, body.direction),
      }),
    },
    "DELETE /admin/sub-categories/:id": {
      preValidation: admin,
      handler: async ({ params, query }, req) => {
        const data = await catalog.deleteSubCategory(deps, me(req), params.id, query);
        return { message: data.moved_products > 0 ? M.movedAndDeleted : M.deleted, data };
      },
    },

    "GET /admin/brands": {
      preValidation: admin,
      handler: async ({ query }) => ({ message: "Brands", data: await catalog.brands(deps, query) }),
    },
    "POST /admin/brands": {
      preValidation: admin,
      handler: async ({ body }, req) => ({ message: M.created, data: await catalog.createBrand(deps, me(req), body) }),
    },
    "PUT /admin/brands/:id": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: M.saved,
        data: await catalog.updateBrand(deps, me(req), params.id, body),
      }),
    },
    "POST /admin/brands/:id/logo": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: M.imageSaved,
        data: await catalog.brandLogo(deps, me(req), params.id, await imageOf(req, "logo")),
      }),
    },
    "DELETE /admin/brands/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: M.deleted,
        data: await catalog.deleteOption(deps, me(req), "brands", params.id),
      }),
    },

    "GET /admin/units": {
      preValidation: admin,
      handler: async ({ query }) => ({ message: "Units", data: await catalog.units(deps, query) }),
    },
    "POST /admin/units": {
      preValidation: admin,
      handler: async ({ body }, req) => ({ message: M.created, data: await catalog.createUnit(deps, me(req), body) }),
    },
    "PUT /admin/units/:id": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: M.saved,
        data: await catalog.updateUnit(deps, me(req), params.id, body),
      }),
    },
    "DELETE /admin/units/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: M.deleted,
        data: await catalog.deleteOption(deps, me(req), "units", params.id),
      }),
    },

    "GET /admin/sizes": {
      preValidation: admin,
      handler: async ({ query }) => ({ message: "Sizes", data: await catalog.sizes(deps, query) }),
    },
    "POST /admin/sizes": {
      preValidation: admin,
      handler: async ({ body }, req) => ({ message: M.created, data: await catalog.createSize(deps, me(req), body) }),
    },
    "PUT /admin/sizes/:id": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: M.saved,
        data: await catalog.updateSize(deps, me(req), params.id, body),
      }),
    },
    "DELETE /admin/sizes/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: M.deleted,
        data: await catalog.deleteOption(deps, me(req), "sizes", params.id),
      }),
    },

    "GET /admin/colors": {
      preValidation: admin,
      handler: async ({ query }) => ({ message: "Colours", data: await catalog.colors(deps, query) }),
    },
    "POST /admin/colors": {
      preValidation: admin,
      handler: async ({ body }, req) => ({ message: M.created, data: await catalog.createColor(deps, me(req), body) }),
    },
    "PUT /admin/colors/:id": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: M.saved,
        data: await catalog.updateColor(deps, me(req), params.id, body),
      }),
    },
    "DELETE /admin/colors/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: M.deleted,
        data: await catalog.deleteOption(deps, me(req), "colors", params.id),
      }),
    },
  });
};
