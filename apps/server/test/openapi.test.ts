import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApp, type TestApp } from "./harness.ts";

// The API description is made from the contract; every route under /api must be in it, so a route
// added without its declaration fails here.

/** "GET /api/carts" for every route of the app, from Fastify's printed route tree. */
function routesOf(app: FastifyInstance): string[] {
  const found: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = line.match(/^(.*?)[├└]── (\S*)(?: \(([^)]*)\))?$/);
    if (!m) continue;
    const depth = Math.floor((m[1] ?? "").length / 4);
    prefixes.length = depth;
    const path = (prefixes[depth - 1] ?? "") + m[2];
    prefixes[depth] = path;
    for (const method of (m[3] ?? "").split(", ").filter((x) => x && x !== "HEAD" && x !== "OPTIONS")) {
      found.push(`${method} ${path}`);
    }
  }
  return found;
}

describe("the API description", () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, { operationId: string; responses: object }>> };
  beforeAll(async () => {
    t = await openTestApp("sqlite", { seed: false });
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it("is OpenAPI 3.1 and describes every route under /api", () => {
    expect(doc.openapi).toBe("3.1.0");
    const described = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
      ),
    );
    const routes = routesOf(t.app).filter((r) => r.split(" ")[1]?.startsWith("/api/"));
    expect(routes.length).toBeGreaterThan(150);
    // the reference page's own scripts and styles are part of /api/docs
    const undescribed = routes.filter(
      (r) => !described.has(r) && !(r.startsWith("GET /api/docs") && r !== "GET /api/docs"),
    );
    expect(undescribed).toEqual([]);
    // and describes no route that does not exist
    const missing = [...described].filter((r) => !routes.includes(r));
    expect(missing).toEqual([]);
  });

  it("takes each call's inputs and answer from the contract's schemas", () => {
    const login = doc.paths["/api/login"]?.post as unknown as {
      requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown> } } } };
      responses: { "200": { content: { "application/json": { schema: { properties: Record<string, unknown> } } } } };
    };
    expect(Object.keys(login.requestBody.content["application/json"].schema.properties)).toEqual(
      expect.arrayContaining(["phone", "password"]),
    );
    expect(Object.keys(login.responses["200"].content["application/json"].schema.properties)).toEqual([
      "message",
      "data",
    ]);
    const order = doc.paths["/api/orders/{id}"]?.get as unknown as { parameters: { name: string; in: string }[] };
    expect(order.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path" }));
  });

  it("has a reference page whose scripts are served by this server", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    const scripts = [...page.body.matchAll(/<(?:script src|link rel="stylesheet" href)="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(3);
    for (const src of scripts) {
      const res = await t.app.inject({ method: "GET", url: src as string });
      expect(res.statusCode, src).toBe(200);
    }
  });
});
