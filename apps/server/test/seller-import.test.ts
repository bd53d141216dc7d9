import { randomBytes } from "node:crypto";
import {
  envelope,
  type ImportStreamLine,
  importPreviewData,
  importResultData,
  NDJSON_TYPE,
  productList,
  SELLER_IMPORT_MESSAGES,
  SELLER_PRODUCT_MESSAGES,
} from "@market/contract";
import type { InjectOptions } from "fastify";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../src/db/index.ts";
import { localizeMessage } from "../src/lib/messages.ts";
import { sha256 } from "../src/modules/auth/tokens.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

/** A live bearer token of the user with this email, written straight to the database. */
async function tokenOf(dbh: DbHandle, email: string): Promise<string> {
  const user = await dbh.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  const token = randomBytes(32).toString("base64url");
  const now = new Date().toISOString();
  await dbh.db
    .insertInto("access_tokens")
    .values({
      user_id: Number(user.id),
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      created_at: now,
    })
    .execute();
  return token;
}

/** A CSV of rows (cells by column) under `header`, every cell quoted as a spreadsheet may write it. */
function csvOf(header: string[], rows: Array<Record<string, string>>): string {
  const line = (cells: string[]) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(",");
  return [line(header), ...rows.map((r) => line(header.map((h) => r[h] ?? "")))].join("\r\n");
}

/** An export's header and rows (cells by column). */
function rowsOf(csv: string): { header: string[]; rows: Array<Record<string, string>> } {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true });
  return { header: parsed.meta.fields ?? [], rows: parsed.data };
}

describe.each(dbKinds)("the Seller Centre's CSV import and export on %s", (kind) => {
  let t: TestApp;
  let owner1: string;
  let shop1: number;
  let shop2: number;
  let category: string;

  const send = async (
    method: InjectOptions["method"],
    url: string,
    opts: { token?: string; payload?: unknown; accept?: string; lang?: string } = {},
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: {
        ...(opts.token && { authorization: `Bearer ${opts.token}` }),
        ...(opts.accept && { accept: opts.accept }),
        ...(opts.lang && { "accept-language": opts.lang }),
      },
      ...(opts.payload !== undefined && { payload: opts.payload as InjectOptions["payload"] }),
    });
    return res;
  };
  const exportCsv = async () => {
    const res = await send("GET", "/seller/products/export", { token: owner1 });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(String(res.headers["content-disposition"])).toMatch(/^attachment; filename="products-.*\.csv"$/);
    return res.body;
  };
  const preview = async (csv: string, lang?: string) => {
    const res = await send("POST", "/seller/products/import/preview", { token: owner1, payload: { csv }, lang });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return envelope(importPreviewData).parse(res.json()).data;
  };
  const importCsv = (csv: string, accept?: string, lang?: string) =>
    send("POST", "/seller/products/import", { token: owner1, payload: { csv }, accept, lang });
  const importOk = async (csv: string) => {
    const res = await importCsv(csv);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    return envelope(importResultData).parse(res.json()).data;
  };
  /** What an import must not change when it is refused. */
  const snapshot = async () => ({
    products: await t.dbh.db
      .selectFrom("products")
      .select((e) => e.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
    variants: await t.dbh.db
      .selectFrom("product_variants")
      .select(["product_id", "size_id", "color_id", "stock", "sku"])
      .orderBy("id")
      .execute(),
    movements: await t.dbh.db
      .selectFrom("stock_movements")
      .select((e) => e.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
    names: await t.dbh.db.selectFrom("products").select(["id", "name", "slug", "updated_at"]).orderBy("id").execute(),
  });
  /** The header of this marketplace's files (its languages' columns), from an export. */
  let header: string[];
  /** A product row with every product column filled for a new handle. */
  const newRow = (handle: string, over: Record<string, string> = {}): Record<string, string> => ({
    handle,
    name: `Imported ${handle}`,
    category,
    price: "12.50",
    published: "yes",
    stock: "5",
    ...over,
  });

  beforeAll(async () => {
    t = await openTestApp(kind);
    const shops = await t.dbh.db.selectFrom("shops").select("id").orderBy("id").limit(2).execute();
    [shop1, shop2] = shops.map((s) => Number(s.id)) as [number, number];
    owner1 = await tokenOf(t.dbh, "owner1@example.com");
    category = (await t.dbh.db.selectFrom("categories").select("name").orderBy("id").executeTakeFirstOrThrow()).name;
    header = rowsOf(await exportCsv()).header;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("exports every product of the shop, one row per variant, in the documented columns", async () => {
    const { header: columns, rows } = rowsOf(await exportCsv());
    expect(columns.slice(0, 6)).toEqual([
      "handle",
      "name",
      "short_description",
      "description",
      "category",
      "sub_category",
    ]);
    expect(columns).toContain("name_ar");
    const products = await t.dbh.db.selectFrom("products").select("slug").where("shop_id", "=", shop1).execute();
    const variants = await t.dbh.db
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select((e) => e.fn.countAll<number>().as("n"))
      .where("p.shop_id", "=", shop1)
      .executeTakeFirstOrThrow();
    expect(rows.length).toBe(Number(variants.n));
    expect(new Set(rows.map((r) => r.handle))).toEqual(new Set(products.map((p) => p.slug)));
    // Product columns on a product's first row only.
    const firstOf = rows.findIndex((r, i) => i > 0 && r.handle === rows[i - 1]?.handle);
    if (firstOf > 0) expect(rows[firstOf]?.name).toBe("");
  });

  it("refuses the export and the import to visitors, shoppers and staff without the products role", async () => {
    expect((await send("GET", "/seller/products/export")).statusCode).toBe(401);
    const shopper = await tokenOf(t.dbh, "shopper@example.com");
    expect((await send("GET", "/seller/products/export", { token: shopper })).statusCode).toBe(403);
    const res = await send("POST", "/seller/products/import", { token: shopper, payload: { csv: "handle\n" } });
    expect(res.statusCode).toBe(403);
    // Staff: the products role may export; the orders role may not.
    for (const [role, status] of [
      ["products", 200],
      ["orders", 403],
    ] as const) {
      const email = `import-staff-${role}-${randomBytes(3).toString("hex")}@example.org`;
      const now = new Date().toISOString();
      const user = await t.dbh.db
        .insertInto("users")
        .values({ name: `Staff ${role}`, email, password_hash: "x", role: "seller", created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await t.dbh.db
        .insertInto("shop_staff")
        .values({ shop_id: shop1, user_id: Number(user.id), role, created_at: now })
        .execute();
      const res = await send("GET", "/seller/products/export", { token: await tokenOf(t.dbh, email) });
      expect(res.statusCode, `${role} staff`).toBe(status);
    }
  });

  it("previews a CSV with errors: each with its row and column, and writes nothing", async () => {
    const before = await snapshot();
    const csv = csvOf(header, [
      newRow("preview-a", { category: "No Such Category" }),
      newRow("preview-b", { price: "abc" }),
      newRow("preview-c", { stock: "" }),
      newRow("preview-d", { sku: "DUP-1" }),
      newRow("preview-e", { sku: "DUP-1" }),
      newRow("preview-f"),
    ]);
    const p = await preview(csv);
    expect(p.create).toBe(6);
    expect(p.variant_rows).toBe(6);
    const at = (row: number, column: string) => p.errors.find((e) => e.row === row && e.column === column)?.message;
    expect(at(2, "category")).toBe(SELLER_IMPORT_MESSAGES.unknownName("category", "No Such Category"));
    expect(at(3, "price")).toBe("The price field must be a number.");
    expect(at(4, "stock")).toBe("The stock field is required.");
    expect(at(6, "sku")).toBe(SELLER_IMPORT_MESSAGES.sameSku(5));
    expect(p.errors.map((e) => e.row)).toEqual([2, 3, 4, 6]);
    // An Arabic seller reads each row's error in Arabic, as the page's heading above them.
    const inArabic = await preview(csv, "ar");
    expect(inArabic.errors).toEqual(p.errors.map((e) => ({ ...e, message: localizeMessage(e.message, "ar") })));
    expect(inArabic.errors[0]?.message).toBe("لا يوجد في الفئة عنصر باسم «No Such Category».");

    const res = await importCsv(csv);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("validation_failed");
    expect(res.json().errors["6.sku"]).toEqual([SELLER_IMPORT_MESSAGES.sameSku(5)]);
    expect(await snapshot()).toEqual(before);
  });

  it("checks the file's columns, the grid of sizes and colours, and its size", async () => {
    const missing = await preview(csvOf(["handle", "name"], [{ handle: "x", name: "y" }]));
    expect(missing.errors).toContainEqual({
      row: 1,
      column: "price",
      message: SELLER_IMPORT_MESSAGES.missingColumn("price"),
    });

    const [size1, size2] = (await t.dbh.db.selectFrom("sizes").select("name").orderBy("sort").limit(2).execute()).map(
      (s) => s.name,
    );
    const grid = await preview(
      csvOf(header, [
        newRow("grid-a", { size: size1 as string, size_surcharge: "0" }),
        { handle: "grid-a", size: size1 as string, stock: "3" },
        newRow("grid-b", { size: size1 as string }),
        { handle: "grid-b", size: "", stock: "1" },
        newRow("grid-c", { size: size2 as string, published: "maybe" }),
      ]),
    );
    expect(grid.errors).toEqual([
      { row: 3, column: "size", message: SELLER_IMPORT_MESSAGES.samePair(2) },
      { row: 5, column: "size", message: SELLER_PRODUCT_MESSAGES.variantGrid },
      { row: 6, column: "published", message: SELLER_IMPORT_MESSAGES.published },
    ]);

    const big = await importCsv(`${"x".repeat(5 * 1024 * 1024 + 1)}`);
    expect(big.statusCode).toBe(422);
  });

  it("refuses a handle of another shop's product and leaves that product alone", async () => {
    const theirs = await t.dbh.db
      .selectFrom("products")
      .select(["id", "slug", "name"])
      .where("shop_id", "=", shop2)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const csv = csvOf(header, [newRow(theirs.slug, { name: "Taken over" })]);
    const p = await preview(csv);
    expect(p.errors).toEqual([{ row: 2, column: "handle", message: SELLER_IMPORT_MESSAGES.handleOfOtherShop }]);
    const before = await snapshot();
    expect((await importCsv(csv)).statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
    const after = await t.dbh.db
      .selectFrom("products")
      .select(["shop_id", "name"])
      .where("id", "=", theirs.id)
      .executeTakeFirst();
    expect(after).toEqual({ shop_id: shop2, name: theirs.name });
  });

  it("reads its own export back unchanged: export → import → export gives the same bytes", async () => {
    const first = await exportCsv();
    const before = await snapshot();
    const p = await preview(first);
    expect(p.errors).toEqual([]);
    expect(p.create + p.update).toBe(0);
    const result = await importOk(first);
    expect(result).toMatchObject({ create: 0, update: 0 });
    expect(result.unchanged).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
    expect(await exportCsv()).toBe(first);
  });

  it("updates a changed product through the product save, logs its stock as import, and round-trips after it", async () => {
    const { header: columns, rows } = rowsOf(await exportCsv());
    const target = rows[0] as Record<string, string>;
    const handle = target.handle as string;
    const changed = rows.map((r) =>
      r === target ? { ...r, stock: String(Number(r.stock) + 7), name: `${r.name} Renamed` } : r,
    );
    expect(await preview(csvOf(columns, changed))).toMatchObject({ create: 0, update: 1, errors: [] });
    const moves = await t.dbh.db
      .selectFrom("stock_movements")
      .select((e) => e.fn.countAll<number>().as("n"))
      .where("reason", "=", "import")
      .executeTakeFirstOrThrow();
    expect(await importOk(csvOf(columns, changed))).toMatchObject({ create: 0, update: 1 });
    const product = await t.dbh.db
      .selectFrom("products")
      .select(["name", "slug"])
      .where("shop_id", "=", shop1)
      .where("slug", "=", handle)
      .executeTakeFirstOrThrow();
    expect(product.name).toBe(`${target.name} Renamed`);
    const movesAfter = await t.dbh.db
      .selectFrom("stock_movements")
      .select(["change", "reason"])
      .where("reason", "=", "import")
      .execute();
    expect(movesAfter.length).toBe(Number(moves.n) + 1);
    expect(movesAfter.at(-1)?.change).toBe(7);

    const second = await exportCsv();
    expect(rowsOf(second).rows[0]).toMatchObject({ handle, stock: String(Number(target.stock) + 7) });
    expect((await importOk(second)).update).toBe(0);
    expect(await exportCsv()).toBe(second);
  });

  it("writes nothing when a save refuses a product midway, and says which row", async () => {
    const mine = await t.dbh.db
      .selectFrom("products")
      .select("id")
      .where("shop_id", "=", shop1)
      .orderBy("id")
      .limit(3)
      .execute();
    const [a, b, c] = mine.map((p) => Number(p.id)) as [number, number, number];
    const firstVariant = (id: number) =>
      t.dbh.db.selectFrom("product_variants").select("id").where("product_id", "=", id).orderBy("id").limit(1);
    await t.dbh.db.updateTable("product_variants").set({ sku: "SWAP-X" }).where("id", "in", firstVariant(b)).execute();
    await t.dbh.db.updateTable("product_variants").set({ sku: "SWAP-Y" }).where("id", "in", firstVariant(c)).execute();
    const { header: columns, rows } = rowsOf(await exportCsv());
    const slugOf = async (id: number) =>
      (await t.dbh.db.selectFrom("products").select("slug").where("id", "=", id).executeTakeFirstOrThrow()).slug;
    const [ha, hb, hc] = [await slugOf(a), await slugOf(b), await slugOf(c)];
    // a's stock changes (saved first), then b takes c's SKU while c still holds it: the file is
    // fine as a whole (the SKUs swap), but the save of b meets c's SKU in the database.
    const edited = rows.map((r) => {
      if (r === rows.find((x) => x.handle === ha)) return { ...r, stock: "999" };
      if (r.sku === "SWAP-X") return { ...r, sku: "SWAP-Y" };
      if (r.sku === "SWAP-Y") return { ...r, sku: "SWAP-X" };
      return r;
    });
    const csv = csvOf(columns, edited);
    expect((await preview(csv)).errors).toEqual([]);
    const before = await snapshot();
    const res = await importCsv(csv, NDJSON_TYPE);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain(NDJSON_TYPE);
    const lines = res.body
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as ImportStreamLine);
    expect(lines[0]).toEqual({ done: 0, total: 3 });
    const last = lines.at(-1) as Extract<ImportStreamLine, { error: unknown }>;
    const rowOfB = edited.findIndex((r) => r.handle === hb && r.sku === "SWAP-Y") + 2;
    expect(last.error.status).toBe(422);
    expect(last.error.rows).toEqual([{ row: rowOfB, column: "sku", message: SELLER_PRODUCT_MESSAGES.skuTaken }]);
    expect(await snapshot()).toEqual(before);
    // The refusal's last line is in the seller's language, as a 422 answer is.
    const arabic = await importCsv(csv, NDJSON_TYPE, "ar");
    const arabicLast = JSON.parse(arabic.body.trim().split("\n").at(-1) ?? "") as typeof last;
    expect(arabicLast.error.message).toBe(localizeMessage(SELLER_IMPORT_MESSAGES.hasErrors, "ar"));
    expect(arabicLast.error.rows).toEqual([
      { row: rowOfB, column: "sku", message: localizeMessage(SELLER_PRODUCT_MESSAGES.skuTaken, "ar") },
    ]);
    expect(arabicLast.error.rows[0]?.message).not.toBe(SELLER_PRODUCT_MESSAGES.skuTaken);
    expect(await snapshot()).toEqual(before);
    expect(hc).not.toBe(hb);
  });

  it("imports 1,000 new products in one go with progress, and the storefront's search finds one", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) =>
      newRow(`bulk-item-${i + 1}`, {
        name: i === 776 ? "Bulk Zephyrquux Lantern" : `Bulk item number ${i + 1}`,
        sku: `BULK-${i + 1}`,
        stock: String(i % 50),
      }),
    );
    const csv = csvOf(header, rows);
    const res = await importCsv(csv, NDJSON_TYPE);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const lines = res.body
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as ImportStreamLine);
    expect(lines[0]).toEqual({ done: 0, total: 1000 });
    expect(lines).toContainEqual({ done: 500, total: 1000 });
    expect(lines.at(-1)).toEqual({ result: { create: 1000, update: 0, unchanged: 0, variant_rows: 1000 } });

    const created = await t.dbh.db
      .selectFrom("products")
      .select((e) => e.fn.countAll<number>().as("n"))
      .where("shop_id", "=", shop1)
      .where("slug", "like", "bulk-item-%")
      .executeTakeFirstOrThrow();
    expect(Number(created.n)).toBe(1000);

    await t.app.jobs.idle(); // the search rows are written by background jobs
    const search = await send("GET", "/products?search=zephyrquux");
    expect(search.statusCode).toBe(200);
    const found = envelope(productList).parse(search.json()).data.data;
    expect(found.map((p) => p.name)).toEqual(["Bulk Zephyrquux Lantern"]);

    // The same file again changes nothing.
    expect(await importOk(csv)).toEqual({ create: 0, update: 0, unchanged: 1000, variant_rows: 1000 });
  }, 60_000);
});
