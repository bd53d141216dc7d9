import {
  ADMIN_CATALOG_MESSAGES,
  adminCategory,
  envelope,
  holdsProductsMessage,
  usedByProductsMessage,
} from "@market/contract";
import type { InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import { tokenOf, userIdOf } from "./staff-helpers.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe.each(dbKinds)("the admin console's catalogue structure on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;

  const send = async (
    method: InjectOptions["method"],
    url: string,
    payload?: unknown,
    { token = admin, locale }: { token?: string | null; locale?: string } = {},
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(locale && { "accept-language": locale }),
      },
      ...(payload !== undefined && { payload: payload as InjectOptions["payload"] }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
    return { status: res.statusCode, body: res.json() as any };
  };
  const upload = async (url: string, field: string, bytes: Buffer) => {
    const form = new FormData();
    form.set(field, new Blob([new Uint8Array(bytes)], { type: "image/png" }), "image.png");
    return send("POST", url, form);
  };
  /** The storefront's categories as a visitor sees them (through the visitors' cache). */
  const storefrontCategories = async (locale = "en") => {
    const res = await send("GET", "/categories", undefined, { token: null, locale });
    expect(res.status).toBe(200);
    return res.body.data.categories as Array<{
      id: number;
      name: string;
      total_products: number;
      sub_categories: Array<{ id: number; name: string }>;
    }>;
  };
  const auditRows = (entity: string, entityId: number) =>
    t.dbh.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", entity)
      .where("entity_id", "=", String(entityId))
      .orderBy("id")
      .execute();
  const tag = () => Math.random().toString(36).slice(2, 8);

  beforeAll(async () => {
    t = await openTestApp(kind);
    adminId = await userIdOf(t.dbh, "admin@example.com");
    admin = await tokenOf(t.dbh, adminId);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("creates a category with an Arabic name that the storefront shows at once, in en and ar", async () => {
    await storefrontCategories("ar"); // fills the visitors' cache
    const name = `Garden ${tag()}`;
    const created = await send("POST", "/admin/categories", { name, translations: { ar: { name: "حديقة" } } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const c = envelope(adminCategory).parse(created.body).data;
    expect(c.slug).toBe(name.toLowerCase().replace(/ /g, "-"));
    expect(c.translations.ar?.name).toBe("حديقة");
    expect(c.products_count).toBe(0);

    const sub = await send("POST", `/admin/categories/${c.id}/sub-categories`, {
      name: "Tools",
      translations: { ar: { name: "أدوات" }, fr: { name: "" } },
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect(sub.body.data.category_id).toBe(c.id);
    expect(sub.body.data.translations).toEqual({ ar: { name: "أدوات" } });

    const ar = (await storefrontCategories("ar")).find((x) => x.id === c.id);
    expect(ar?.name).toBe("حديقة");
    expect(ar?.sub_categories.map((s) => s.name)).toEqual(["أدوات"]);
    const en = (await storefrontCategories("en")).find((x) => x.id === c.id);
    expect(en?.name).toBe(name);
    expect(en?.sub_categories.map((s) => s.name)).toEqual(["Tools"]);

    const tree = await send("GET", "/admin/categories?per_page=100");
    const inTree = tree.body.data.data.find((x: { id: number }) => x.id === c.id);
    expect(inTree.sub_categories).toHaveLength(1);
  });

  it("edits a category, keeps its translations in the storefront's shape and writes the audit with before and after", async () => {
    const name = `Pets ${tag()}`;
    const { body } = await send("POST", "/admin/categories", { name, translations: { ar: { name: "حيوانات" } } });
    const id = body.data.id as number;
    const edited = await send("PUT", `/admin/categories/${id}`, {
      name: `${name} Care`,
      translations: { fr: { name: "Animaux" } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // Arabic was not sent: kept; French was added.
    expect(edited.body.data.translations).toEqual({ ar: { name: "حيوانات" }, fr: { name: "Animaux" } });
    const row = await t.dbh.db.selectFrom("categories").select("i18n").where("id", "=", id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.i18n)).toEqual({ ar: { name: "حيوانات" }, fr: { name: "Animaux" } });
    expect((await storefrontCategories("fr")).find((x) => x.id === id)?.name).toBe("Animaux");

    const audit = await auditRows("category", id);
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
    expect(audit[1]?.user_id).toBe(adminId);
    expect(JSON.parse(audit[1]?.before as string)).toMatchObject({ name, translations: { ar: { name: "حيوانات" } } });
    expect(JSON.parse(audit[1]?.after as string)).toMatchObject({ name: `${name} Care` });
  });

  it("refuses a duplicate name (422) for a category, a sub-category of the same category and each option", async () => {
    const first = await storefrontCategories();
    const taken = first[0];
    if (!taken) throw new Error("the demo has categories");
    const dup = await send("POST", "/admin/categories", { name: taken.name.toUpperCase() });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.name).toEqual([ADMIN_CATALOG_MESSAGES.nameTaken]);
    const sub = taken.sub_categories[0];
    if (sub) {
      const dupSub = await send("POST", `/admin/categories/${taken.id}/sub-categories`, { name: sub.name });
      expect(dupSub.status).toBe(422);
    }
    for (const [path, body] of [
      ["/admin/brands", { name: `Brand ${tag()}` }],
      ["/admin/units", { name: `u${tag()}` }],
      ["/admin/sizes", { name: `S${tag()}` }],
      ["/admin/colors", { name: `Teal ${tag()}`, color_code: "#008080" }],
    ] as const) {
      expect((await send("POST", path, body)).status, path).toBe(200);
      const again = await send("POST", path, body);
      expect(again.status, path).toBe(422);
      expect(again.body.errors.name).toEqual([ADMIN_CATALOG_MESSAGES.nameTaken]);
    }
  });

  it("reorders categories with up and down", async () => {
    const a = (await send("POST", "/admin/categories", { name: `Order A ${tag()}` })).body.data;
    const b = (await send("POST", "/admin/categories", { name: `Order B ${tag()}` })).body.data;
    const order = async () => (await storefrontCategories()).map((c) => c.id);
    const before = await order();
    expect(before.indexOf(b.id)).toBe(before.indexOf(a.id) + 1);
    expect((await send("POST", `/admin/categories/${b.id}/move`, { direction: "up" })).status).toBe(200);
    const after = await order();
    expect(after.indexOf(b.id)).toBe(after.indexOf(a.id) - 1);
    expect(after.length).toBe(before.length);
  });

  it("takes a category image checked by content", async () => {
    const c = (await send("POST", "/admin/categories", { name: `Image ${tag()}` })).body.data;
    const ok = await upload(`/admin/categories/${c.id}/image`, "image", PNG);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.thumbnail).toMatch(/^\/uploads\/categories\/.+\.png$/);
    const fake = await upload(`/admin/categories/${c.id}/image`, "image", Buffer.from("<svg/>"));
    expect(fake.status).toBe(422);
    expect(fake.body.errors.image).toEqual([ADMIN_CATALOG_MESSAGES.imageBadType]);
  });

  it("refuses to delete a category that holds products, with its count, and moves them then deletes in one step", async () => {
    const cats = await storefrontCategories();
    const [from, to] = cats.filter((c) => c.total_products > 0);
    if (!from || !to) throw new Error("the demo has categories with products");
    const count = Number(
      (
        await t.dbh.db
          .selectFrom("products")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("category_id", "=", from.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const inTree = (await send("GET", "/admin/categories?per_page=100")).body.data.data.find(
      (c: { id: number }) => c.id === from.id,
    );
    expect(inTree.products_count).toBe(count);

    const refused = await send("DELETE", `/admin/categories/${from.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("conflict");
    expect(refused.body.message).toBe(holdsProductsMessage("category", count));
    expect(refused.body.message).toContain(`holds ${count} products`);

    // A sub-category of another category is not a target beside this category.
    const toSub = to.sub_categories[0];
    if (!toSub) throw new Error("the demo's categories have sub-categories");
    const mismatch = await send(
      "DELETE",
      `/admin/categories/${from.id}?move_to_category=${from.id}&move_to_sub_category=${toSub.id}`,
    );
    expect(mismatch.status).toBe(422);
    const self = await send("DELETE", `/admin/categories/${from.id}?move_to_category=${from.id}`);
    expect(self.status).toBe(422);
    // Nothing moved: the refused calls changed nothing.
    const still = await t.dbh.db.selectFrom("products").select("id").where("category_id", "=", from.id).execute();
    expect(still).toHaveLength(count);

    const visibleBefore = (await storefrontCategories()).find((c) => c.id === to.id)?.total_products ?? 0;
    const moved = await send("DELETE", `/admin/categories/${from.id}?move_to_sub_category=${toSub.id}`);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toEqual({ id: from.id, moved_products: count });
    expect(moved.body.message).toBe(ADMIN_CATALOG_MESSAGES.movedAndDeleted);

    const after = await storefrontCategories();
    expect(after.find((c) => c.id === from.id)).toBeUndefined();
    expect(after.find((c) => c.id === to.id)?.total_products).toBe(visibleBefore + from.total_products);
    const movedIds = still.map((p) => Number(p.id));
    const rows = await t.dbh.db
      .selectFrom("products")
      .select(["id", "category_id", "sub_category_id"])
      .where("id", "in", movedIds)
      .execute();
    expect(rows.every((r) => r.category_id === to.id && r.sub_category_id === toSub.id)).toBe(true);
    expect(
      await t.dbh.db.selectFrom("sub_categories").select("id").where("category_id", "=", from.id).execute(),
    ).toEqual([]);

    // The storefront lists them under the new category, and the search finds them by its name.
    const listed = await send("GET", `/products?category_id=${to.id}&per_page=100`, undefined, { token: null });
    expect(listed.body.data.total).toBe(visibleBefore + from.total_products);

    const audit = await auditRows("category", from.id);
    const del = audit.find((a) => a.action === "delete");
    expect(JSON.parse(del?.before as string)).toMatchObject({ id: from.id, name: from.name });
    expect(JSON.parse(del?.after as string).moved_products).toHaveLength(count);
  });

  it("moves nothing when the delete after the move fails: one transaction", async () => {
    const tree = (await send("GET", "/admin/categories?per_page=100")).body.data.data as Array<{
      id: number;
      products_count: number;
    }>;
    const [from, to] = tree.filter((c) => c.products_count > 0);
    if (!from || !to) throw new Error("the demo has categories with products");
    const ids = (await t.dbh.db.selectFrom("products").select("id").where("category_id", "=", from.id).execute()).map(
      (p) => Number(p.id),
    );
    // The category's own row refuses to go, after its products have been moved.
    if (kind === "postgres") {
      await sql`create function refuse_delete() returns trigger language plpgsql as $$
        begin raise exception 'refused'; end $$`.execute(t.dbh.db);
      await sql`create trigger refuse_category_delete before delete on categories
        for each row when (old.id = ${sql.lit(from.id)}) execute function refuse_delete()`.execute(t.dbh.db);
    } else {
      await sql`create trigger refuse_category_delete before delete on categories
        when old.id = ${sql.lit(from.id)} begin select raise(abort, 'refused'); end`.execute(t.dbh.db);
    }
    try {
      const res = await send("DELETE", `/admin/categories/${from.id}?move_to_category=${to.id}`);
      expect(res.status).toBe(500);
    } finally {
      await sql`drop trigger refuse_category_delete${kind === "postgres" ? sql` on categories` : sql``}`.execute(
        t.dbh.db,
      );
    }
    const still = await t.dbh.db.selectFrom("products").select("id").where("category_id", "=", from.id).execute();
    expect(still.map((p) => Number(p.id))).toEqual(ids);
    expect(await auditRows("category", from.id)).toEqual([]);
  });

  it("moves a sub-category's products and rewrites their search rows before deleting it", async () => {
    const c = (await send("POST", "/admin/categories", { name: `Zyxwarden ${tag()}` })).body.data;
    const tree = (await send("GET", "/admin/categories?per_page=100")).body.data.data as Array<{
      sub_categories: Array<{ id: number; products_count: number }>;
    }>;
    const sub = tree.flatMap((x) => x.sub_categories).find((s) => s.products_count > 0);
    if (!sub) throw new Error("the demo files products under sub-categories");
    const before = await send("GET", "/products?search=zyxwarden", undefined, { token: null });
    expect(before.body.data.total).toBe(0);

    const refused = await send("DELETE", `/admin/sub-categories/${sub.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(holdsProductsMessage("sub-category", sub.products_count));
    const moved = await send("DELETE", `/admin/sub-categories/${sub.id}?move_to_category=${c.id}`);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.moved_products).toBe(sub.products_count);
    const rows = await t.dbh.db.selectFrom("products").select(["id"]).where("category_id", "=", c.id).execute();
    expect(rows).toHaveLength(sub.products_count);

    // The search finds them by their new category's name (published ones of active shops), once
    // the background job has rewritten their rows.
    await t.app.jobs.idle();
    const found = await send("GET", "/products?search=zyxwarden&per_page=100", undefined, { token: null });
    const listed = await send("GET", `/products?category_id=${c.id}&per_page=100`, undefined, { token: null });
    expect(found.body.data.total).toBeGreaterThan(0);
    expect(found.body.data.total).toBe(listed.body.data.total);
  });

  it("lists, edits and deletes brands, units, sizes and colours, refusing one that products use with the count", async () => {
    // brands
    const brands = await send("GET", "/admin/brands?per_page=100");
    expect(brands.status).toBe(200);
    const used = brands.body.data.data.find((b: { products_count: number }) => b.products_count > 0);
    const refused = await send("DELETE", `/admin/brands/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(usedByProductsMessage("brand", used.products_count));
    const brand = (await send("POST", "/admin/brands", { name: `Acme ${tag()}` })).body.data;
    expect(brand.logo).toMatch(/^\/media\/brand\//);
    const renamed = await send("PUT", `/admin/brands/${brand.id}`, { name: `${brand.name} Two` });
    expect(renamed.body.data.name).toBe(`${brand.name} Two`);
    const logo = await upload(`/admin/brands/${brand.id}/logo`, "logo", PNG);
    expect(logo.status, JSON.stringify(logo.body)).toBe(200);
    expect(logo.body.data.logo).toMatch(/^\/uploads\/brands\//);
    expect((await send("DELETE", `/admin/brands/${brand.id}`)).status).toBe(200);
    expect((await send("PUT", `/admin/brands/${brand.id}`, { name: "Gone" })).status).toBe(404);

    // units, with a name per language
    const unit = (
      await send("POST", "/admin/units", { name: `crate${tag()}`, translations: { ar: { name: "صندوق" } } })
    ).body.data;
    expect(unit.translations.ar.name).toBe("صندوق");
    const unitEdit = await send("PUT", `/admin/units/${unit.id}`, {
      name: unit.name,
      translations: { ar: { name: "" } },
    });
    expect(unitEdit.body.data.translations).toEqual({});
    expect((await send("DELETE", `/admin/units/${unit.id}`)).status).toBe(200);

    // sizes
    const sizes = await send("GET", "/admin/sizes?per_page=100");
    const usedSize = sizes.body.data.data.find((s: { products_count: number }) => s.products_count > 0);
    if (usedSize) {
      const r = await send("DELETE", `/admin/sizes/${usedSize.id}`);
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(usedByProductsMessage("size", usedSize.products_count));
    }
    const size = (await send("POST", "/admin/sizes", { name: `XXL${tag()}`, sort: 7 })).body.data;
    expect(size.sort).toBe(7);
    expect((await send("PUT", `/admin/sizes/${size.id}`, { name: size.name, sort: 3 })).body.data.sort).toBe(3);
    expect((await send("DELETE", `/admin/sizes/${size.id}`)).status).toBe(200);

    // colours: a code #rrggbb
    const bad = await send("POST", "/admin/colors", { name: `Odd ${tag()}`, color_code: "red" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.color_code).toEqual([ADMIN_CATALOG_MESSAGES.colorCode]);
    const color = (
      await send("POST", "/admin/colors", {
        name: `Mint ${tag()}`,
        color_code: "#AABBCC",
        translations: { ar: { name: "نعناعي" } },
      })
    ).body.data;
    expect(color.color_code).toBe("#aabbcc");
    const colors = await send("GET", "/admin/colors?per_page=100");
    const usedColor = colors.body.data.data.find((c: { products_count: number }) => c.products_count > 0);
    if (usedColor) expect((await send("DELETE", `/admin/colors/${usedColor.id}`)).status).toBe(409);
    expect((await send("DELETE", `/admin/colors/${color.id}`)).status).toBe(200);

    const audit = await auditRows("color", color.id);
    expect(audit.map((a) => a.action)).toEqual(["create", "delete"]);
    expect(JSON.parse(audit[1]?.before as string)).toMatchObject({ color_code: "#aabbcc" });
    const search = await send("GET", `/admin/colors?search=${encodeURIComponent(usedColor?.name ?? "x")}`);
    expect(search.status).toBe(200);
  });

  it("rewrites the search rows of the products that offer a colour or size when it is renamed", async () => {
    const found = async (word: string) =>
      (await send("GET", `/products?search=${word}&per_page=100`, undefined, { token: null })).body.data
        .total as number;
    for (const table of ["colors", "sizes"] as const) {
      const options = (await send("GET", `/admin/${table}?per_page=100`)).body.data.data as Array<{
        id: number;
        name: string;
        color_code?: string;
        sort?: number;
        products_count: number;
      }>;
      const used = options.find((o) => o.products_count > 0);
      if (!used) throw new Error(`no ${table} in use`);
      const word = `zq${table}${tag()}`.toLowerCase();
      expect(await found(word)).toBe(0);
      const body =
        table === "colors" ? { name: word, color_code: used.color_code } : { name: word, sort: used.sort ?? 0 };
      expect((await send("PUT", `/admin/${table}/${used.id}`, body)).status).toBe(200);
      await t.app.jobs.idle();
      // Listed products of active shops are found; every product that offers it got a new row.
      const rows = await t.dbh.db
        .selectFrom(table === "colors" ? "product_colors" : "product_sizes")
        .select("product_id")
        .where(table === "colors" ? "color_id" : "size_id", "=", used.id)
        .execute();
      expect(rows.length).toBe(used.products_count);
      await expect.poll(() => found(word), { timeout: 5000 }).toBeGreaterThan(0);
      await send("PUT", `/admin/${table}/${used.id}`, { ...body, name: used.name });
    }
  });

  it("deletes an empty category with its sub-categories", async () => {
    const c = (await send("POST", "/admin/categories", { name: `Empty ${tag()}` })).body.data;
    await send("POST", `/admin/categories/${c.id}/sub-categories`, { name: "Nothing" });
    const res = await send("DELETE", `/admin/categories/${c.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: c.id, moved_products: 0 });
    expect((await storefrontCategories()).find((x) => x.id === c.id)).toBeUndefined();
  });
});
