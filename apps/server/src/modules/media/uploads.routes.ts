import fs from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import { uploadsDir } from "../../lib/uploads.ts";
import { ensureProductImage } from "../seller/product-images.ts";

/**
 * Uploaded files at /uploads/ (from DATA_DIR/uploads). A product image's width that its resize job
 * has not written yet is made on the request that asks for it, so an image shows right after upload.
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const root = uploadsDir(app.config);
  fs.mkdirSync(root, { recursive: true });
  // Registered in this plugin's scope: the hook runs for /uploads/ requests only.
  app.addHook("onRequest", async (req) => {
    await ensureProductImage(app.config, req.url.split("?", 1)[0] as string);
  });
  await app.register(fastifyStatic, { root, prefix: "/uploads/", decorateReply: false, index: false });
};
