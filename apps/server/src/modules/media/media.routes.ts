import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.ts";
import { rasterArt, rasterArtRequest } from "./art-images.ts";
import { renderPlaceholder, SVG_KINDS } from "./media.service.ts";

const params = z
  .object({
    kind: z.enum(SVG_KINDS),
    file: z.string().regex(/^[A-Za-z0-9-]{1,100}\.(svg|webp)$/, "must be <seed>.svg or <seed>-<width>.webp"),
  })
  .strict();
const query = z.object({ t: z.string().max(80).optional() });
const FOREVER = "public, max-age=31536000, immutable";

/**
 * The demo data's generated artwork. `GET /media/<kind>/<seed>.svg?t=Label`: a deterministic SVG.
 * `GET /media/<kind>/<seed>-<width>.webp`: a picture without text as WebP in one of IMAGE_WIDTHS
 * (art-images.ts). The same URL always gives the same bytes, so browsers may cache it forever.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/media/:kind/:file", { schema: { params, querystring: query } }, async (req, reply) => {
    const { kind, file } = req.params;
    if (file.endsWith(".webp")) {
      const wanted = rasterArtRequest(kind, file);
      if (!wanted) throw notFound("Image");
      const bytes = await rasterArt(wanted.kind, wanted.seed, wanted.width);
      return reply.header("cache-control", FOREVER).type("image/webp").send(bytes);
    }
    const svg = renderPlaceholder(kind, file.slice(0, -".svg".length), req.query.t ?? "");
    if (svg === null) throw notFound("Image");
    return reply.header("cache-control", FOREVER).type("image/svg+xml; charset=utf-8").send(svg);
  });
};
