import { ADMIN_CONTENT_MESSAGES, adminBannersData, adminMenusData, envelope, master } from "@market/contract";
import type { InjectOptions } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import { tokenOf, userIdOf } from "./staff-helpers.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe.each(dbKinds)("admin storefront content on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let shopper: string;

  beforeAll(async () => {
    t = await openTestApp(kind);
    adminId = await userIdOf(t.dbh, "admin@example.com");
    admin = await tokenOf(t.dbh, adminId);
    shopper = await tokenOf(t.dbh, await userIdOf(t.dbh, "shopper@example.com"));
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => clock.reset());

  const call = async (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
    opts: { token?: string | null; locale?: string } = {},
  ) => {
    const token = opts.token === undefined ? admin : opts.token;
    const res = await t.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as InjectOptions["payload"] }),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(opts.locale ? { "accept-language": opts.locale } : {}),
      },
    });
    // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
    return { status: res.statusCode, body: res.json() as any };
  };
  const ok = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) => {
    const res = await call(method, url, payload);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body).slice(0, 400)}`).toBe(200);
    return res.body.data;
  };
  const upload = async () => {
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "banner.png");
    const req = new Request("http://x/", { method: "POST", body: form });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/content-images",
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { authorization: `Bearer ${admin}`, "content-type": req.headers.get("content-type") as string },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { url: string } }).data.url;
  };
  const masterOf = async (locale = "en") => {
    const res = await call("GET", "/api/master", undefined, { token: null, locale });
    return envelope(master).parse(res.body).data;
  };
  const homeBanners = async (locale = "en") =>
    (await call("GET", "/api/home", undefined, { token: null, locale })).body.data.banners as {
      id: number;
      title: string;
    }[];
  const auditRows = (entity: string, entityId: number) =>
    t.dbh.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", entity)
      .where("entity_id", "=", String(entityId))
      .orderBy("id")
      .execute();

  it("refuses a shopper and a visitor", async () => {
    expect((await call("GET", "/api/admin/banners", undefined, { token: shopper })).status).toBe(403);
    expect((await call("POST", "/api/admin/pages", {}, { token: shopper })).status).toBe(403);
    expect((await call("GET", "/api/admin/menus", undefined, { token: null })).status).toBe(401);
  });

  it("creates, edits, reorders and deletes a banner, which the home page shows, each change audited", async () => {
    const image = await upload();
    expect(image).toMatch(/^\/uploads\/content\/[0-9a-f-]{36}\.png$/);
    const notOurs = await call("POST", "/api/admin/banners", {
      title: "Foreign",
      image: "https://evil.example/x.png",
      url: "/shops",
    });
    expect(notOurs.status).toBe(422);
    expect(notOurs.body.errors.image).toBeDefined();

    const { banner } = await ok("POST", "/api/admin/banners", {
      title: "Admin Summer Sale",
      subtitle: "Up to 50% off",
      translations: { ar: { title: "تخفيضات الصيف", subtitle: null } },
      image,
      url: "/best-deal",
    });
    expect(banner).toMatchObject({
      title: "Admin Summer Sale",
      live: true,
      translations: { ar: { title: "تخفيضات الصيف" } },
    });
    expect((await homeBanners()).map((b) => b.title)).toContain("Admin Summer Sale");
    expect((await homeBanners("ar")).map((b) => b.title)).toContain("تخفيضات الصيف");

    const edited = await ok("PUT", `/api/admin/banners/${banner.id}`, {
      title: "Admin Winter Sale",
      image,
      url: "/shops",
    });
    expect(edited.banner).toMatchObject({ title: "Admin Winter Sale", url: "/shops", subtitle: "" });

    // The new banner is last; moving it up puts it before the one that was before it.
    const list = adminBannersData.parse(await ok("GET", "/api/admin/banners"));
    const ids = list.banners.map((b) => b.id);
    expect(ids.at(-1)).toBe(banner.id);
    const moved = adminBannersData.parse(await ok("POST", `/api/admin/banners/${banner.id}/move`, { direction: "up" }));
    expect(moved.banners.map((b) => b.id)).toEqual([...ids.slice(0, -2), banner.id, ids.at(-2)]);
    const home = (await homeBanners()).map((b) => b.id);
    expect(home.indexOf(banner.id)).toBe(home.indexOf(ids.at(-2) as number) - 1);

    await ok("DELETE", `/api/admin/banners/${banner.id}`);
    expect((await homeBanners()).map((b) => b.id)).not.toContain(banner.id);
    expect((await call("PUT", `/api/admin/banners/${banner.id}`, { title: "x", image, url: "/" })).status).toBe(404);

    const audit = await auditRows("banner", banner.id);
    expect(audit.map((a) => a.action)).toEqual(["create", "update", "move", "delete"]);
    expect(audit.every((a) => a.user_id === adminId)).toBe(true);
    expect(JSON.parse(audit[1]?.before as string).title).toBe("Admin Summer Sale");
    expect(JSON.parse(audit[1]?.after as string).title).toBe("Admin Winter Sale");
    expect(audit[0]?.before).toBeNull();
    expect(audit[3]?.after).toBeNull();
  });

  it("shows a scheduled banner only inside its window", async () => {
    // The admin's token lives a day by the app's clock: save first, then step the clock.
    const start = Date.parse("2031-03-01T10:00:00.000Z");
    const image = await upload();
    const { banner } = await ok("POST", "/api/admin/banners", {
      title: "Spring Window",
      image,
      url: "/shops",
      starts_at: "2031-03-01T12:00:00+02:00",
      ends_at: "2031-03-02T10:00:00.000Z",
    });
    expect(banner).toMatchObject({ starts_at: "2031-03-01T10:00:00.000Z", live: false });
    const backwards = await call("PUT", `/api/admin/banners/${banner.id}`, {
      title: "Spring Window",
      image,
      url: "/shops",
      starts_at: "2031-03-02T10:00:00.000Z",
      ends_at: "2031-03-01T10:00:00.000Z",
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.ends_at).toBeDefined();

    clock.set(() => start - 1000);
    const shown = async () => (await homeBanners()).some((b) => b.id === banner.id);
    expect(await shown()).toBe(false);
    clock.set(() => start);
    expect(await shown()).toBe(true);
    clock.set(() => Date.parse("2031-03-02T09:59:59.000Z"));
    expect(await shown()).toBe(true);
    clock.set(() => Date.parse("2031-03-02T10:00:00.000Z"));
    expect(await shown()).toBe(false);
  });

  it("creates, edits, reorders and deletes navbar menu items, seen in /api/master", async () => {
    const created = await ok("POST", "/api/admin/menus", {
      name: "deals_week",
      title: "Deals Week",
      translations: { ar: { title: "أسبوع العروض" }, fr: { title: null } },
      url: "https://deals.example.com",
      target: "_blank",
      is_external: true,
    });
    expect((await masterOf()).menus.at(-1)).toEqual({
      id: created.id,
      name: "deals_week",
      title: "Deals Week",
      url: "https://deals.example.com",
      target: "_blank",
      is_external: true,
    });
    expect((await masterOf("ar")).menus.at(-1)?.title).toBe("أسبوع العروض");
    expect((await masterOf("fr")).menus.at(-1)?.title).toBe("Deals Week");

    await ok("PUT", `/api/admin/menus/${created.id}`, {
      name: "deals_week",
      title: "Deal Days",
      url: "/best-deal",
      target: "_self",
      is_external: false,
    });
    const menus = (await masterOf()).menus;
    expect(menus.at(-1)).toMatchObject({ title: "Deal Days", url: "/best-deal", is_external: false });

    const moved = adminMenusData.parse(await ok("POST", `/api/admin/menus/${created.id}/move`, { direction: "up" }));
    expect(moved.menus.at(-2)?.id).toBe(created.id);
    expect((await masterOf()).menus.at(-2)?.id).toBe(created.id);

    const bad = await call("POST", "/api/admin/menus", {
      name: "x",
      title: "",
      url: "javascript:alert(1)",
      target: "_top",
      is_external: false,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["target", "title", "url"]);

    await ok("DELETE", `/api/admin/menus/${created.id}`);
    expect((await masterOf()).menus.some((m) => m.id === created.id)).toBe(false);
    expect((await auditRows("menu", created.id)).map((a) => a.action)).toEqual(["create", "update", "move", "delete"]);
  });

  it("round-trips a footer item of every type through /api/master", async () => {
    const footer = await ok("POST", "/api/admin/footers", {
      title: "Everything",
      translations: { ar: { title: "كل شيء" } },
    });
    const items = [
      { type: "logo", title: "Logo", url: "/media/logo.svg", target: "_blank" },
      { type: "text", title: "Some words", url: "/ignored" },
      { type: "phone", title: "+1 555 0100", url: "tel:+15550100" },
      { type: "email", title: "help@example.com", url: "mailto:help@example.com" },
      { type: "social_links", title: "Follow us" },
      { type: "app_store", title: "Get the app" },
      { type: "link", title: "Careers", url: "https://jobs.example.com", target: "_blank" },
    ];
    const ids: number[] = [];
    for (const item of items) {
      const saved = await ok("POST", `/api/admin/footers/${footer.id}/items`, {
        ...item,
        translations: { ar: { title: `ع ${item.title}` } },
      });
      ids.push(saved.id);
    }
    const en = (await masterOf()).footers.find((f) => f.id === footer.id);
    expect(en?.title).toBe("Everything");
    expect(en?.items).toEqual([
      { id: ids[0], type: "logo", title: "Logo", url: "/media/logo.svg", target: null },
      { id: ids[1], type: "text", title: "Some words", url: null, target: null },
      { id: ids[2], type: "phone", title: "+1 555 0100", url: "tel:+15550100", target: null },
      { id: ids[3], type: "email", title: "help@example.com", url: "mailto:help@example.com", target: null },
      { id: ids[4], type: "social_links", title: "Follow us", url: null, target: null },
      { id: ids[5], type: "app_store", title: "Get the app", url: null, target: null },
      { id: ids[6], type: "link", title: "Careers", url: "https://jobs.example.com", target: "_blank" },
    ]);
    const ar = (await masterOf("ar")).footers.find((f) => f.id === footer.id);
    expect(ar?.title).toBe("كل شيء");
    expect(ar?.items.map((i) => i.title)).toEqual(items.map((i) => `ع ${i.title}`));

    const noUrl = await call("POST", `/api/admin/footers/${footer.id}/items`, { type: "link", title: "Nowhere" });
    expect(noUrl.status).toBe(422);
    expect(noUrl.body.errors.url).toBeDefined();

    await ok("PUT", `/api/admin/footer-items/${ids[6]}`, { type: "link", title: "Jobs", url: "/page/jobs" });
    await ok("POST", `/api/admin/footer-items/${ids[6]}/move`, { direction: "up" });
    await ok("DELETE", `/api/admin/footer-items/${ids[0]}`);
    const after = (await masterOf()).footers.find((f) => f.id === footer.id);
    expect(after?.items.map((i) => i.id)).toEqual([ids[1], ids[2], ids[3], ids[4], ids[6], ids[5]]);
    expect(after?.items.find((i) => i.id === ids[6])).toMatchObject({
      title: "Jobs",
      url: "/page/jobs",
      target: "_self",
    });

    await ok("POST", `/api/admin/footers/${footer.id}/move`, { direction: "up" });
    const order = (await masterOf()).footers.map((f) => f.id);
    expect(order.at(-2)).toBe(footer.id);

    await ok("DELETE", `/api/admin/footers/${footer.id}`);
    expect((await masterOf()).footers.some((f) => f.id === footer.id)).toBe(false);
    const left = await t.dbh.db.selectFrom("footer_items").select("id").where("footer_id", "=", footer.id).execute();
    expect(left).toEqual([]);
    expect((await auditRows("footer", footer.id)).map((a) => a.action)).toEqual(["create", "move", "delete"]);
    expect((await auditRows("footer_item", ids[6] as number)).map((a) => a.action)).toEqual([
      "create",
      "update",
      "move",
    ]);
  });

  it("sanitises a page body once when saved, and the storefront page answers the stored body", async () => {
    const dirty =
      '<h2 onclick="steal()">Shipping</h2><p>We ship <strong>fast</strong>.<script>alert(1)</script></p><a href="javascript:x()">x</a><img src="https://cdn.example.com/a.png" onerror="x()">';
    const created = await ok("POST", "/api/admin/pages", {
      slug: "shipping-info",
      title: "Shipping info",
      body: dirty,
      translations: { ar: { title: "معلومات الشحن", body: "<p onmouseover='x()'>نشحن بسرعة</p><script>x()</script>" } },
    });
    const stored = await t.dbh.db
      .selectFrom("pages")
      .select(["body", "i18n"])
      .where("id", "=", created.page.id)
      .executeTakeFirstOrThrow();
    expect(stored.body).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(stored.body).toContain("<strong>fast</strong>");
    expect(stored.i18n).not.toMatch(/script|onmouseover/i);
    expect(created.page.body).toBe(stored.body);

    const en = await call("GET", "/api/pages/shipping-info", undefined, { token: null });
    expect(en.body.data).toEqual({ slug: "shipping-info", title: "Shipping info", body: stored.body });
    const ar = await call("GET", "/api/pages/shipping-info", undefined, { token: null, locale: "ar" });
    expect(ar.body.data).toEqual({ slug: "shipping-info", title: "معلومات الشحن", body: "<p>نشحن بسرعة</p>" });

    const taken = await call("POST", "/api/admin/pages", { slug: "shipping-info", title: "Again", body: "" });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.slug).toBeDefined();
    const badSlug = await call("POST", "/api/admin/pages", { slug: "Not A Slug", title: "x", body: "" });
    expect(badSlug.body.errors.slug).toBeDefined();

    const list = await ok("GET", "/api/admin/pages?search=shipping");
    expect(list.data.map((p: { slug: string }) => p.slug)).toContain("shipping-info");

    await ok("PUT", `/api/admin/pages/${created.page.id}`, {
      slug: "delivery",
      title: "Delivery",
      body: "<p>Soon</p>",
    });
    expect((await call("GET", "/api/pages/shipping-info", undefined, { token: null })).status).toBe(404);
    expect((await call("GET", "/api/pages/delivery", undefined, { token: null })).body.data.body).toBe("<p>Soon</p>");
    const got = await ok("GET", `/api/admin/pages/${created.page.id}`);
    expect(got.page.translations).toEqual({});

    await ok("DELETE", `/api/admin/pages/${created.page.id}`);
    expect((await call("GET", "/api/pages/delivery", undefined, { token: null })).status).toBe(404);
    const audit = await auditRows("page", created.page.id);
    expect(audit.map((a) => a.action)).toEqual(["create", "update", "delete"]);
    expect(JSON.parse(audit[1]?.before as string).slug).toBe("shipping-info");
  });

  it("manages blog categories and posts, seen on the storefront", async () => {
    const cats = await ok("POST", "/api/admin/blog-categories", {
      name: "Admin News",
      translations: { ar: { name: "أخبار" } },
    });
    const cat = cats.categories.find((c: { name: string }) => c.name === "Admin News");
    expect(cat).toMatchObject({ slug: "admin-news", total_posts: 0 });
    const thumbnail = await upload();
    const { post } = await ok("POST", "/api/admin/blog-posts", {
      category_id: cat.id,
      slug: "we-launched",
      title: "We launched",
      excerpt: "The console is live.",
      body: '<p>Hello<script>x()</script></p><p><a href="https://example.com" onclick="x()">more</a></p>',
      translations: { ar: { title: "أطلقنا", excerpt: null, body: "<p>مرحبا</p>" } },
      thumbnail,
      tags: ["launch", "launch", "news"],
      published_at: "2026-01-02T03:04:05.000Z",
    });
    expect(post).toMatchObject({
      category: "Admin News",
      tags: ["launch", "news"],
      published_at: "2026-01-02T03:04:05.000Z",
    });
    expect(post.body).toBe('<p>Hello</p><p><a href="https://example.com" rel="noopener noreferrer">more</a></p>');

    const shown = await call("GET", "/api/blogs/we-launched", undefined, { token: null });
    expect(shown.body.data.post).toMatchObject({
      title: "We launched",
      body: post.body,
      thumbnail,
      tags: ["launch", "news"],
    });
    const shownAr = await call("GET", "/api/blogs/we-launched", undefined, { token: null, locale: "ar" });
    expect(shownAr.body.data.post).toMatchObject({
      title: "أطلقنا",
      body: "<p>مرحبا</p>",
      category: { name: "أخبار" },
    });

    const busy = await call("DELETE", `/api/admin/blog-categories/${cat.id}`);
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe("conflict");

    // No scheduling: a date to come would show the post before it is out.
    const future = new Date(Date.now() + 86_400_000).toISOString();
    for (const [method, url] of [
      ["POST", "/api/admin/blog-posts"],
      ["PUT", `/api/admin/blog-posts/${post.id}`],
    ] as const) {
      const later = await call(method, url, {
        category_id: cat.id,
        slug: "we-launched",
        title: "We launched",
        excerpt: "x",
        body: "",
        thumbnail,
        published_at: future,
      });
      expect(later.status).toBe(422);
      expect(later.body.errors.published_at).toEqual([ADMIN_CONTENT_MESSAGES.publishedInFuture]);
    }
    expect((await ok("GET", `/api/admin/blog-posts/${post.id}`)).post.published_at).toBe("2026-01-02T03:04:05.000Z");

    const badCat = await call("PUT", `/api/admin/blog-posts/${post.id}`, {
      category_id: 999_999,
      slug: "we-launched",
      title: "We launched",
      excerpt: "x",
      body: "",
      thumbnail,
      published_at: "2026-01-02T03:04:05.000Z",
    });
    expect(badCat.status).toBe(422);
    expect(badCat.body.errors.category_id).toBeDefined();

    const listed = await ok("GET", `/api/admin/blog-posts?category_id=${cat.id}`);
    expect(listed.data.map((p: { id: number }) => p.id)).toEqual([post.id]);

    await ok("PUT", `/api/admin/blog-categories/${cat.id}`, { name: "Admin Updates" });
    await ok("DELETE", `/api/admin/blog-posts/${post.id}`);
    expect((await call("GET", "/api/blogs/we-launched", undefined, { token: null })).status).toBe(404);
    const left = await ok("DELETE", `/api/admin/blog-categories/${cat.id}`);
    expect(left.categories.some((c: { id: number }) => c.id === cat.id)).toBe(false);

    expect((await auditRows("blog_post", post.id)).map((a) => a.action)).toEqual(["create", "delete"]);
    expect((await auditRows("blog_category", cat.id)).map((a) => a.action)).toEqual(["create", "update", "delete"]);
  });
});
