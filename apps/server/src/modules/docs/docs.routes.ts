import { createRequire } from "node:module";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { escapeHtml } from "../../lib/html.ts";
import { openApiDocument } from "./openapi.ts";

// `/api/openapi.json` (made once per process from the contract) and `/api/docs`, a Swagger UI
// reference page served from the swagger-ui-dist package (no outside scripts, so the page keeps
// the site's content security policy).

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

const page = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

const INIT_JS = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#docs", deepLinking: true });`;

export async function docsRoutes(app: FastifyInstance) {
  let doc: string | null = null;
  const title = "Marketplace";
  app.get("/api/openapi.json", async (_req, reply) => {
    doc ??= JSON.stringify(openApiDocument(app.config.appUrl, title));
    return reply.type("application/json; charset=utf-8").header("cache-control", "public, max-age=300").send(doc);
  });
  app.get("/api/docs", async (_req, reply) =>
    reply.type("text/html; charset=utf-8").send(page(`${title} API reference`)),
  );
  app.get("/api/docs/init.js", async (_req, reply) => reply.type("text/javascript; charset=utf-8").send(INIT_JS));
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: "/api/docs/assets/",
    decorateReply: false,
    index: false,
    allowedPath: (p) => /^\/swagger-ui(-bundle\.js|\.css)$/.test(p),
  });
}
