import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.ts";
import { renderPlaceholder, SVG_KINDS } from "./media.service.ts";

const params = z
  .object({
    kind: z.enum(SVG_KINDS),
    file: z.string().regex(/^[A-Za-z0-9-]{1,100}\.svg$/, "must be <seed>.svg"),
  })
  .strict();
const query = z.object({ t: z.string().max(80).optional() });

/**
 * Deterministic SVG placeholders for the demo data: `GET /media/<kind>/<seed>.svg?t=Label`.
 * The same URL always renders the same bytes, so browsers may cache it forever.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/media/:kind/:file", { schema: { params, querystring: query } }, async (req, reply) => {
    const seed = req.params.file.slice(0, -".svg".length);
    const svg = renderPlaceholder(req.params.kind, seed, req.query.t ?? "");
    if (svg === null) throw notFound("Image");
    return reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .type("image/svg+xml; charset=utf-8")
      .send(svg);
  });
};
