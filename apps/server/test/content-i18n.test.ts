import {
  blogPostAnswer,
  envelope,
  master,
  page,
  productDetailsAnswer,
  productFormOptionsData,
  sellerProductData,
  shopDetails,
} from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds, getters, openTestApp, type TestApp } from "./harness.ts";

const ARABIC = /[\u0600-\u06FF]/;

describe.each(dbKinds)("demo content in every shipped language on %s", (kind) => {
  let t: TestApp;
  let productId: number;
  let shopId: number;
  beforeAll(async () => {
    t = await openTestApp(kind);
    const row = await t.dbh.db.selectFrom("products").select(["id", "shop_id"]).orderBy("id").executeTakeFirstOrThrow();
    [productId, shopId] = [row.id, row.shop_id];
  });
  afterAll(async () => {
    await t?.close();
  });

  const { getOk } = getters(() => t.app);
  const lang = (locale: string) => ({ "accept-language": locale });
  /** The same answer in en, ar and fr. */
  const inEach = async <T>(read: (headers: Record<string, string>) => Promise<T>) => ({
    en: await read(lang("en")),
    ar: await read(lang("ar")),
    fr: await read(lang("fr")),
  });
  const expectTranslated = (texts: { en: string; ar: string; fr: string }) => {
    expect(texts.ar).toMatch(ARABIC);
    expect(texts.ar).not.toBe(texts.en);
    expect(texts.fr).not.toBe(texts.en);
    expect(texts.fr).not.toMatch(ARABIC);
  };

  it("a seeded product's descriptions come in Arabic and French, with no fallback marker", async () => {
    const p = await inEach((h) => getOk(`/api/products/${productId}/details`, productDetailsAnswer, h));
    expectTranslated({ en: p.en.product.description, ar: p.ar.product.description, fr: p.fr.product.description });
    expectTranslated({
      en: p.en.product.short_description,
      ar: p.ar.product.short_description,
      fr: p.fr.product.short_description,
    });
    expect(p.ar.product.meta_description).toMatch(ARABIC);
    // the rich body keeps its structure in every language
    for (const d of [p.en, p.ar, p.fr])
      expect(d.product.description).toMatch(/^<p>.+<\/p><ul>(<li>.+<\/li>){3}<\/ul>$/);
    for (const d of [p.en, p.ar, p.fr]) {
      expect(d.product.description_lang).toBeUndefined();
      expect(d.product.short_description_lang).toBeUndefined();
    }
  });

  it("a seeded shop's about text comes in Arabic and French", async () => {
    const s = await inEach((h) => getOk(`/api/shops/${shopId}`, shopDetails, h));
    expectTranslated({ en: s.en.shop.description, ar: s.ar.shop.description, fr: s.fr.shop.description });
    expect(s.ar.shop.description_lang).toBeUndefined();
  });

  it("a seeded blog post's title, excerpt and body come in Arabic and French", async () => {
    const slug = "how-to-find-the-best-deals-online";
    const b = await inEach((h) => getOk(`/api/blogs/${slug}`, blogPostAnswer, h));
    expectTranslated({ en: b.en.post.title, ar: b.ar.post.title, fr: b.fr.post.title });
    expectTranslated({ en: b.en.post.description, ar: b.ar.post.description, fr: b.fr.post.description });
    expectTranslated({ en: b.en.post.body, ar: b.ar.post.body, fr: b.fr.post.body });
    expect(b.ar.post.body).toContain('href="/best-deal"');
    expect(b.ar.related.every((r) => ARABIC.test(r.title) && ARABIC.test(r.description))).toBe(true);
    for (const key of ["title_lang", "description_lang", "body_lang"] as const) {
      expect(b.ar.post[key]).toBeUndefined();
    }
  });

  it("a seeded static page comes in Arabic and French", async () => {
    const p = await inEach((h) => getOk("/api/pages/about-us", page, h));
    expectTranslated({ en: p.en.title, ar: p.ar.title, fr: p.fr.title });
    expectTranslated({ en: p.en.body, ar: p.ar.body, fr: p.fr.body });
    expect(p.ar.body_lang).toBeUndefined();
  });

  it("the footer's texts come in Arabic and French", async () => {
    const m = await inEach((h) => getOk("/api/master", master, h));
    expectTranslated({ en: m.en.footer_text, ar: m.ar.footer_text, fr: m.fr.footer_text });
    const about = (d: typeof m.en) => d.footers.flatMap((f) => f.items).find((i) => i.type === "text")?.title ?? "";
    expectTranslated({ en: about(m.en), ar: about(m.ar), fr: about(m.fr) });
  });

  it("a seller's product with only English descriptions is marked English when read in Arabic", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { phone: "owner1@example.com", password: "password" },
    });
    const token = login.json().data.access.token as string;
    const auth = { authorization: `Bearer ${token}` };
    const options = await getOk("/api/seller/product-options", productFormOptionsData, auth);
    const category = options.categories[0];
    if (!category) throw new Error("no category to sell in");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/seller/products",
      headers: auth,
      payload: {
        name: "Zanzibar Lantern",
        short_description: "A brass lantern with a warm glow.",
        description: "<p>Hand-beaten brass, lit by one candle.</p>",
        translations: { ar: { name: "فانوس زنجبار" } },
        category_id: category.id,
        price: 40,
        variants: [{ size_id: 0, color_id: 0, stock: 5, sku: null }],
        is_active: true,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = envelope(sellerProductData).parse(created.json()).data.product;

    const ar = (await getOk(`/api/products/${id}/details`, productDetailsAnswer, lang("ar"))).product;
    expect(ar.name).toBe("فانوس زنجبار");
    expect(ar.description).toBe("<p>Hand-beaten brass, lit by one candle.</p>");
    expect(ar.description_lang).toBe("en");
    expect(ar.short_description_lang).toBe("en");

    // In English nothing is a fallback, so the answer carries no marker.
    const en = (await getOk(`/api/products/${id}/details`, productDetailsAnswer, lang("en"))).product;
    expect(en.description_lang).toBeUndefined();
    expect(en.short_description_lang).toBeUndefined();
  });
});
