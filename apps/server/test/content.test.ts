import {
  blogCategoriesAnswer,
  blogPost,
  blogPostAnswer,
  contactUsAnswer,
  errorBody,
  page,
  paginated,
} from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { dbKinds, getters, openTestApp, type TestApp } from "./harness.ts";

const THANKS = "Thank you for contacting us. We will get back to you soon.";

describe.each(dbKinds)("content API on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const { get, getOk } = getters(() => t.app);
  const posts = (url: string) => getOk(url, paginated(blogPost));

  describe("blog", () => {
    it("GET /api/blogs pages the posts, newest first", async () => {
      const all = await posts("/api/blogs?per_page=100");
      expect(all.total).toBeGreaterThanOrEqual(8);
      const dates = all.data.map((p) => p.created_at);
      expect(dates).toEqual([...dates].sort().reverse());
      const p2 = await posts("/api/blogs?per_page=3&page=2");
      expect(p2).toMatchObject({ total: all.total, per_page: 3, current_page: 2, last_page: Math.ceil(all.total / 3) });
      expect(p2.data.map((p) => p.id)).toEqual(all.data.slice(3, 6).map((p) => p.id));
      expect(all.data[0]?.post_by.name.length).toBeGreaterThan(0);
    });

    it("filters by category and finds posts by a word, a prefix and a typo", async () => {
      const all = await posts("/api/blogs?per_page=100");
      const first = all.data[0] as z.infer<typeof blogPost>;
      const byCat = await posts(`/api/blogs?category_id=${first.category.id}&per_page=100`);
      expect(byCat.total).toBeGreaterThan(0);
      expect(byCat.total).toBeLessThan(all.total);
      for (const p of byCat.data) expect(p.category.id).toBe(first.category.id);
      const word = first.title.split(" ").sort((a, b) => b.length - a.length)[0] as string;
      for (const q of [word, word.slice(0, 4), `${word.slice(0, 2)}${word.slice(3)}`]) {
        const found = await posts(`/api/blogs?search=${encodeURIComponent(q)}`);
        expect(
          found.data.map((p) => p.id),
          q,
        ).toContain(first.id);
      }
      const none = await posts("/api/blogs?search=qqzzxxvv");
      expect(none).toMatchObject({ total: 0, data: [] });
    });

    it("marks posts under 5 days old as new", async () => {
      const all = await posts("/api/blogs?per_page=100");
      const target = all.data[all.data.length - 1] as z.infer<typeof blogPost>;
      const recent = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString();
      await t.dbh.db.updateTable("blog_posts").set({ created_at: recent }).where("id", "=", target.id).execute();
      const after = await posts("/api/blogs?per_page=100");
      expect(after.data[0]?.id).toBe(target.id);
      expect(after.data[0]?.is_new).toBe(true);
      const old = after.data.filter((p) => Date.parse(p.created_at) < Date.now() - 5 * 24 * 3600 * 1000);
      expect(old.length).toBeGreaterThan(0);
      for (const p of old) expect(p.is_new).toBe(false);
    });

    it("GET /api/blog-categories lists the categories with their post counts", async () => {
      const data = await getOk("/api/blog-categories", blogCategoriesAnswer);
      const all = await posts("/api/blogs?per_page=100");
      expect(data.categories.length).toBeGreaterThan(0);
      expect(data.categories.reduce((n, c) => n + c.total_posts, 0)).toBe(all.total);
    });

    it("GET /api/blogs/:slug answers the post with body, tags and 3 related posts, and counts a view", async () => {
      const all = await posts("/api/blogs?per_page=100");
      const target = all.data[1] as z.infer<typeof blogPost>;
      const before = await t.dbh.db
        .selectFrom("blog_posts")
        .select("total_views")
        .where("id", "=", target.id)
        .executeTakeFirstOrThrow();
      const data = await getOk(`/api/blogs/${target.slug}`, blogPostAnswer);
      const after = await t.dbh.db
        .selectFrom("blog_posts")
        .select("total_views")
        .where("id", "=", target.id)
        .executeTakeFirstOrThrow();
      expect(after.total_views).toBe(before.total_views + 1);
      expect(data.post.total_views).toBe(after.total_views);
      expect(data.post.slug).toBe(target.slug);
      expect(data.post.body.length).toBeGreaterThan(0);
      expect(Array.isArray(data.post.tags)).toBe(true);
      expect(data.related).toHaveLength(3);
      expect(data.related.map((p) => p.id)).not.toContain(target.id);
      const sameCategory = all.data.filter((p) => p.category.id === target.category.id && p.id !== target.id).length;
      const firstRelated = data.related.slice(0, Math.min(3, sameCategory));
      for (const p of firstRelated) expect(p.category.id).toBe(target.category.id);
    });

    it("sanitises the post body; an unknown slug is 404", async () => {
      const target = (await posts("/api/blogs?per_page=1")).data[0] as z.infer<typeof blogPost>;
      await t.dbh.db
        .updateTable("blog_posts")
        .set({
          body: '<h2>Tips</h2><script>alert(1)</script><p style="x" onmouseover="alert(1)">Read <a href="javascript:alert(1)">me</a></p>',
        })
        .where("id", "=", target.id)
        .execute();
      const data = await getOk(`/api/blogs/${target.slug}`, blogPostAnswer);
      expect(data.post.body).toContain("<h2>Tips</h2>");
      expect(data.post.body).not.toMatch(/script|onmouseover|javascript:/i);
      const missing = await get("/api/blogs/no-such-post");
      expect(missing.status).toBe(404);
      expect(errorBody.parse(missing.body).message).toMatch(/not found/i);
    });

    it.each([
      ["/api/blogs?page=0", "page"],
      ["/api/blogs?per_page=101", "per_page"],
      [`/api/blogs?search=${"x".repeat(101)}`, "search"],
      ["/api/blogs?category_id=abc", "category_id"],
    ])("%s -> 422 naming the field", async (url, field) => {
      const res = await get(url);
      expect(res.status).toBe(422);
      expect(Object.keys(errorBody.parse(res.body).errors ?? {})).toContain(field);
    });

    it("an unknown query parameter is 422", async () => {
      const res = await get("/api/blogs?sort=new");
      expect(res.status).toBe(422);
    });
  });

  describe("pages", () => {
    it("GET /api/pages/:slug answers the page, translated and sanitised", async () => {
      const row = await t.dbh.db.selectFrom("pages").selectAll().orderBy("id").executeTakeFirstOrThrow();
      const data = await getOk(`/api/pages/${row.slug}`, page);
      expect(data).toMatchObject({ slug: row.slug, title: row.title });
      expect(data.body).toContain("<h2>");
      const arTitle = (JSON.parse(row.i18n) as { ar?: { title?: string } }).ar?.title;
      if (arTitle) {
        const ar = await getOk(`/api/pages/${row.slug}`, page, { "accept-language": "ar" });
        expect(ar.title).toBe(arTitle);
      }
      await t.dbh.db
        .updateTable("pages")
        .set({ body: "<p>Fine</p><iframe src=x></iframe><img src=x onerror=alert(1)>" })
        .where("id", "=", row.id)
        .execute();
      const clean = await getOk(`/api/pages/${row.slug}`, page);
      expect(clean.body).toContain("<p>Fine</p>");
      expect(clean.body).not.toMatch(/iframe|onerror/i);
    });

    it("an unknown page is 404 JSON", async () => {
      const res = await get("/api/pages/nope");
      expect(res.status).toBe(404);
      expect(errorBody.parse(res.body).message).toMatch(/not found/i);
    });
  });

  describe("contact us", () => {
    const message = { name: "Ada", email: "ada@example.com", subject: "Order", message: "Where is my parcel?" };
    const post = (payload: unknown, ip: string) =>
      t.app.inject({ method: "POST", url: "/api/contact-us", payload: payload as object, remoteAddress: ip });

    it("stores the message and thanks the sender", async () => {
      const res = await post(message, "10.0.0.1");
      expect(res.statusCode).toBe(200);
      expect(contactUsAnswer.parse(res.json()).message).toBe(THANKS);
      const rows = await t.dbh.db
        .selectFrom("contact_messages")
        .selectAll()
        .where("email", "=", message.email)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ...message, ip: "10.0.0.1" });
    });

    it.each([
      [{ ...message, email: "not-an-email" }, "email"],
      [{ ...message, name: "" }, "name"],
      [{ ...message, message: "x".repeat(2001) }, "message"],
      [{ name: "Ada", email: "ada@example.com", subject: "Hi" }, "message"],
      [{ ...message, subject: "   " }, "subject"],
    ])("refuses a bad form with 422 on the field, storing nothing (%#)", async (payload, field) => {
      const before = await t.dbh.db.selectFrom("contact_messages").select("id").execute();
      const res = await post(payload, `10.0.1.${field.length}`);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(errorBody.parse(res.json()).errors ?? {})).toContain(field);
      const after = await t.dbh.db.selectFrom("contact_messages").select("id").execute();
      expect(after.length).toBe(before.length);
    });

    it("refuses unknown fields", async () => {
      const res = await post({ ...message, admin: true }, "10.0.2.1");
      expect(res.statusCode).toBe(422);
    });

    it("allows 5 messages per visitor in 10 minutes, then answers 429", async () => {
      for (let i = 0; i < 5; i++) expect((await post(message, "10.0.3.1")).statusCode).toBe(200);
      const sixth = await post(message, "10.0.3.1");
      expect(sixth.statusCode).toBe(429);
      expect(errorBody.parse(sixth.json()).message).toMatch(/too many/i);
      expect((await post(message, "10.0.3.2")).statusCode).toBe(200);
    });
  });
});
