import type { FastifyInstance } from "fastify";
import { notFound } from "../../lib/errors.ts";
import { robotsTxt, SITEMAP_KINDS, type SitemapKind, sitemapIndex, sitemapPage } from "./sitemap.service.ts";

// At the site's root, where crawlers look; without these the SPA fallback would answer with HTML.

const CACHE = "public, max-age=3600";
const XML = "application/xml; charset=utf-8";
/** `<kind>-<page>.xml`, pages from 1 */
const PAGE_FILE = new RegExp(`^(${SITEMAP_KINDS.join("|")})-([1-9]\\d{0,5})\\.xml$`);

export async function sitemapRoutes(app: FastifyInstance) {
  const deps = { dbh: app.dbh, config: app.config };
  app.get("/robots.txt", async (_req, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", CACHE).send(robotsTxt(deps)),
  );
  app.get("/sitemap.xml", async (_req, reply) =>
    reply
      .type(XML)
      .header("cache-control", CACHE)
      .send(await sitemapIndex(deps)),
  );
  app.get<{ Params: { file: string } }>("/sitemaps/:file", async (req, reply) => {
    const file = PAGE_FILE.exec(req.params.file);
    const xml = file && (await sitemapPage(deps, file[1] as SitemapKind, Number(file[2])));
    if (!xml) throw notFound("Sitemap");
    return reply.type(XML).header("cache-control", CACHE).send(xml);
  });
}
