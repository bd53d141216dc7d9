import { ADMIN_CONTENT_LIMITS, ADMIN_CONTENT_MESSAGES, adminContentApi } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { fieldError } from "../../lib/errors.ts";
import { readMultipartForm } from "../../lib/multipart-form.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireRole } from "../auth/auth.plugin.ts";
import * as content from "./content.service.ts";

const { saved, deleted, moved } = ADMIN_CONTENT_MESSAGES;

/** The admin console. Storefront content: banners, navbar menu items, footer sections, static pages, blog posts and blog categories. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);
  const admin = requireRole("admin");
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id;

  registerRoutes(app, adminContentApi, {
    "POST /admin/content-images": {
      preValidation: admin,
      bodyLimit: ADMIN_CONTENT_LIMITS.imageBytes + 64 * 1024,
      handler: async (_, req) => {
        const { files } = req.isMultipart()
          ? await readMultipartForm(req, {
              fileField: (name) => name === "image",
              errorField: "image",
              maxFiles: 1,
              maxBytes: ADMIN_CONTENT_LIMITS.imageBytes,
              tooMany: "Only one file, image, may be sent.",
              tooLarge: ADMIN_CONTENT_MESSAGES.imageTooLarge,
            })
          : { files: [] };
        const file = files[0];
        if (!file) throw fieldError("image", ADMIN_CONTENT_MESSAGES.imageMissing);
        return { message: ADMIN_CONTENT_MESSAGES.imageUploaded, data: await content.uploadImage(deps, file) };
      },
    },

    "GET /admin/banners": {
      preValidation: admin,
      handler: async () => ({ message: "Banners", data: await content.listBanners(deps) }),
    },
    "POST /admin/banners": {
      preValidation: admin,
      handler: async ({ body }, req) => ({ message: saved, data: await content.createBanner(deps, me(req), body) }),
    },
    "PUT /admin/banners/:id": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: saved,
        data: await content.updateBanner(deps, me(req), params.id, body),
      }),
    },
    "DELETE /admin/banners/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: deleted,
        data: await content.deleteBanner(deps, me(req), params.id),
      }),
    },
    "POST /admin/banners/:id/move": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: moved,
        data: await content.moveBanner(deps, me(req), params.id, body.direction),
      }),
    },

    "GET /admin/menus": {
      preValidation: admin,
      handler: async () => ({ message: "Menus", data: await content.listMenus(deps) }),
    },
    "POST /admin/menus": {
      preValidation: admin,
      handler: async ({ body }, req) => ({ message: saved, data: await content.createMenu(deps, me(req), body) }),
    },
    "PUT /admin/menus/:id": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: saved,
        data: await content.updateMenu(deps, me(req), params.id, body),
      }),
    },
    "DELETE /admin/menus/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: deleted,
        data: await content.deleteMenu(deps, me(req), params.id),
      }),
    },
    "POST /admin/menus/:id/move": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: moved,
        data: await content.moveMenu(deps, me(req), params.id, body.direction),
      }),
    },
    "POST /admin/footers": {
      preValidation: admin,
      handler: async ({ body }, req) => ({ message: saved, data: await content.createFooter(deps, me(req), body) }),
    },
    "PUT /admin/footers/:id": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: saved,
        data: await content.updateFooter(deps, me(req), params.id, body),
      }),
    },
    "DELETE /admin/footers/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: deleted,
        data: await content.deleteFooter(deps, me(req), params.id),
      }),
    },
    "POST /admin/footers/:id/move": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: moved,
        data: await content.moveFooter(deps, me(req), params.id, body.direction),
      }),
    },
    "POST /admin/footers/:id/items": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: saved,
        data: await content.createFooterItem(deps, me(req), params.id, body),
      }),
    },
    "PUT /admin/footer-items/:id": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: saved,
        data: await content.updateFooterItem(deps, me(req), params.id, body),
      }),
    },
    "DELETE /admin/footer-items/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: deleted,
        data: await content.deleteFooterItem(deps, me(req), params.id),
      }),
    },
    "POST /admin/footer-items/:id/move": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: moved,
        data: await content.moveFooterItem(deps, me(req), params.id, body.direction),
      }),
    },

    "GET /admin/pages": {
      preValidation: admin,
      handler: async ({ query }) => ({ message: "Pages", data: await content.listPages(deps, query) }),
    },
    "GET /admin/pages/:id": {
      preValidation: admin,
      handler: async ({ params }) => ({ message: "Page", data: await content.getPage(deps, params.id) }),
    },
    "POST /admin/pages": {
      preValidation: admin,
      handler: async ({ body }, req) => ({ message: saved, data: await content.createPage(deps, me(req), body) }),
    },
    "PUT /admin/pages/:id": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: saved,
        data: await content.updatePage(deps, me(req), params.id, body),
      }),
    },
    "DELETE /admin/pages/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: deleted,
        data: await content.deletePage(deps, me(req), params.id),
      }),
    },

    "GET /admin/blog-posts": {
      preValidation: admin,
      handler: async ({ query }) => ({ message: "Blog posts", data: await content.listPosts(deps, query) }),
    },
    "GET /admin/blog-posts/:id": {
      preValidation: admin,
      handler: async ({ params }) => ({ message: "Blog post", data: await content.getPost(deps, params.id) }),
    },
    "POST /admin/blog-posts": {
      preValidation: admin,
      handler: async ({ body }, req) => ({ message: saved, data: await content.createPost(deps, me(req), body) }),
    },
    "PUT /admin/blog-posts/:id": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: saved,
        data: await content.updatePost(deps, me(req), params.id, body),
      }),
    },
    "DELETE /admin/blog-posts/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: deleted,
        data: await content.deletePost(deps, me(req), params.id),
      }),
    },
    "GET /admin/blog-categories": {
      preValidation: admin,
      handler: async () => ({ message: "Blog categories", data: await content.listBlogCategories(deps) }),
    },
    "POST /admin/blog-categories": {
      preValidation: admin,
      handler: async ({ body }, req) => ({
        message: saved,
        data: await content.createBlogCategory(deps, me(req), body),
      }),
    },
    "PUT /admin/blog-categories/:id": {
      preValidation: admin,
      handler: async ({ params, body }, req) => ({
        message: saved,
        data: await content.updateBlogCategory(deps, me(req), params.id, body),
      }),
    },
    "DELETE /admin/blog-categories/:id": {
      preValidation: admin,
      handler: async ({ params }, req) => ({
        message: deleted,
        data: await content.deleteBlogCategory(deps, me(req), params.id),
      }),
    },
  });
};
