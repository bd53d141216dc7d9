import fs from "node:fs";
import path from "node:path";
import { IMAGE_WIDTHS, srcSetOf } from "@market/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

describe.each(dbKinds)("the demo's raster artwork on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("a seeded product's image is a WebP at each width of its srcset, drawn once and kept in memory", async () => {
    const product = await t.dbh.db.selectFrom("products").select("thumbnail").executeTakeFirstOrThrow();
    expect(product.thumbnail).toMatch(/^\/media\/product\/[a-z0-9-]+-800\.webp$/);
    const copies = (srcSetOf(product.thumbnail) ?? "").split(", ").map((c) => c.split(" ") as [string, string]);
    expect(copies.map(([, w]) => w)).toEqual(["200w", "400w", "800w"]);
    for (const [url, w] of copies) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toContain("immutable");
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe("webp");
      expect(`${meta.width}w`).toBe(w);
      expect(meta.height).toBe(meta.width); // the product art is square
      // not a flat fill: the picture has its gradient (channels vary across the image)
      const stats = await sharp(res.rawPayload).stats();
      expect(Math.max(...stats.channels.map((c) => c.max - c.min))).toBeGreaterThan(40);
    }
    // the same bytes again (kept in memory), and nothing written to disk by a URL
    const [small = ""] = copies[0] ?? [];
    expect((await get(small)).rawPayload.equals((await get(small)).rawPayload)).toBe(true);
    expect(fs.existsSync(path.join(t.app.config.dataDir, small.replace(/^\//, "")))).toBe(false);
  });

  it("an avatar's initials fill it, readable at the 32 px the header shows it", async () => {
    const user = await t.dbh.db
      .selectFrom("users")
      .select("profile_photo")
      .where("email", "=", "shopper@example.com")
      .executeTakeFirstOrThrow();
    const res = await get(user.profile_photo as string);
    expect(res.statusCode).toBe(200);
    const svg = res.body;
    expect(svg).toContain(">DS</text>");
    const size = Number(svg.match(/font-size="(\d+)"/)?.[1]);
    const height = Number(svg.match(/height="(\d+)"/)?.[1]);
    // at least a third of its height: 11 px of text in a 32 px circle
    expect(size / height).toBeGreaterThanOrEqual(1 / 3);
  });

  it("a banner comes in every width up to 1200 px, 3:1", async () => {
    const banner = await t.dbh.db.selectFrom("banners").select("image").executeTakeFirstOrThrow();
    expect(banner.image).toMatch(/-1200\.webp$/);
    const res = await get(banner.image.replace(/-1200\.webp$/, "-400.webp"));
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 133]);
    expect(srcSetOf(banner.image)?.split(", ")).toHaveLength(IMAGE_WIDTHS.length);
  });

  it("answers 404 for a width it does not draw and for artwork with text, 422 for a bad name", async () => {
    expect((await get("/media/product/red-shirt-1-300.webp")).statusCode).toBe(404);
    // larger than the kind's largest copy: not drawn (a category is at most 400 px)
    expect((await get("/media/category/shirts-800.webp")).statusCode).toBe(404);
    // a logo carries its name as text: SVG only
    expect((await get("/media/shop/red-shirt-200.webp")).statusCode).toBe(404);
    expect((await get("/media/product/..%2Fx-200.webp")).statusCode).toBe(422);
    expect((await get("/media/product/red-shirt-1-400.png")).statusCode).toBe(422);
  });
});
