import {
  IMPORT_LIMITS,
  type ImportPreview,
  type ImportResult,
  type ImportRowError,
  SELLER_IMPORT_MESSAGES as M,
  type ProductInput,
  productBody,
  SELLER_PRODUCT_MESSAGES,
} from "@market/contract";
import { writeTransaction } from "../../db/index.ts";
import { type AppDeps, type DbDeps, inTransaction } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { toMajor } from "../../lib/money.ts";
import { clearCatalogCache } from "../catalog/catalog.service.ts";
import { queueIndexing } from "../catalog/search.ts";
import { BASE_COLUMNS, type CsvRecord, columnsFor, readCsv, writeCsv } from "./csv.ts";
import * as repo from "./import.repository.ts";
import { isIssuedImage } from "./product-images.ts";
import { saveProductIn } from "./products.service.ts";

// The shop's products as CSV (format: csv.ts): export, preview and import. A product is saved the
// one way every product is, through the products service's saveProductIn, after the CSV's rows
// were turned into the product form's body and checked with the form's own schema, so a row's
// errors read like the form's.

/** The import also needs the config: a product's new images must be uploads this server issued. */
export type ImportDeps = Pick<AppDeps, "dbh" | "config" | "jobs">;
type Cells = Record<string, string>;
type I18n = Record<string, Record<string, string | undefined> | undefined>;

/** Refused: the rows' errors, also as the usual 422 field errors keyed "<row>.<column>". */
export class ImportRefused extends AppError {
  constructor(readonly rows: ImportRowError[]) {
    const errors: Record<string, string[]> = {};
    for (const e of rows) {
      const key = `${e.row}.${e.column}`;
      errors[key] = [...(errors[key] ?? []), e.message];
    }
    super(422, M.hasErrors, errors);
  }
}

/** At most this many row errors are answered: enough to fix a file, not a 20,000-line answer. */
const MAX_ERRORS = 1000;
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HANDLE_MAX = 200;
const NUMBER = /^-?\d+(?:\.\d+)?$/;
/** The products service's word for an image URL it would refuse. */
const IMAGE_NOT_ISSUED = "The image must be one uploaded for this product.";

const nameKey = (name: string) => name.trim().toLowerCase();
const money = (minor: number) => toMajor(minor).toFixed(2);
/** A cell's number; an empty cell is missing ("required"), other text stays text ("must be a number"). */
const numberOf = (cell: string | undefined): number | string | undefined => {
  const v = (cell ?? "").trim();
  if (v === "") return undefined;
  return NUMBER.test(v) ? Number(v) : v;
};

// --- the marketplace's lists, by name and by id --------------------------------------------------

function lookupsOf(lists: repo.ReferenceLists) {
  const byName = (rows: Array<{ id: number; name: string }>) => {
    const m = new Map<string, number>();
    for (const r of rows) if (!m.has(nameKey(r.name))) m.set(nameKey(r.name), r.id);
    return m;
  };
  const byId = (rows: Array<{ id: number; name: string }>) => new Map(rows.map((r) => [r.id, r.name]));
  const subs = new Map<number, Map<string, number>>();
  for (const s of lists.subCategories) {
    const of = subs.get(s.category_id) ?? new Map<string, number>();
    if (!of.has(nameKey(s.name))) of.set(nameKey(s.name), s.id);
    subs.set(s.category_id, of);
  }
  const locales = lists.languages.filter((l) => l.is_default !== 1).map((l) => l.locale);
  return {
    locales,
    columns: columnsFor(locales),
    id: {
      category: byName(lists.categories),
      brand: byName(lists.brands),
      unit: byName(lists.units),
      vat: byName(lists.vatTaxes),
      size: byName(lists.sizes),
      color: byName(lists.colors),
    },
    subs,
    subNames: new Set(lists.subCategories.map((s) => nameKey(s.name))),
    name: {
      category: byId(lists.categories),
      sub: byId(lists.subCategories),
      brand: byId(lists.brands),
      unit: byId(lists.units),
      vat: byId(lists.vatTaxes),
      size: byId(lists.sizes),
      color: byId(lists.colors),
    },
    sizeOrder: new Map(lists.sizes.map((s, i) => [s.id, i])),
  };
}
type Lookups = ReturnType<typeof lookupsOf>;

// --- the shop's products as they are -------------------------------------------------------------

interface Existing {
  row: repo.ShopCatalogue["products"][number];
  sizes: Map<number, number>;
  colors: Map<number, number>;
  variants: repo.ShopCatalogue["variants"];
  images: string[];
}

function existingProducts(cat: repo.ShopCatalogue): Existing[] {
  const byId = new Map<number, Existing>();
  for (const row of cat.products)
    byId.set(row.id, { row, sizes: new Map(), colors: new Map(), variants: [], images: [] });
  for (const s of cat.sizes) byId.get(s.product_id)?.sizes.set(s.size_id, s.price);
  for (const c of cat.colors) byId.get(c.product_id)?.colors.set(c.color_id, c.price);
  for (const v of cat.variants) byId.get(v.product_id)?.variants.push(v);
  for (const i of cat.images) byId.get(i.product_id)?.images.push(i.url);
  return [...byId.values()];
}

const i18nOf = (json: string): I18n => {
  try {
    return JSON.parse(json) as I18n;
  } catch {
    return {};
  }
};

/** A product's rows as the export writes them: product columns on the first row only. */
function exportRows(p: Existing, look: Lookups): Cells[] {
  const r = p.row;
  const i18n = i18nOf(r.i18n);
  const nameOf = (names: Map<number, string>, id: number | null) => (id == null ? "" : (names.get(id) ?? ""));
  const first: Cells = {
    name: r.name,
    short_description: r.short_description,
    description: r.description,
    category: nameOf(look.name.category, r.category_id),
    sub_category: nameOf(look.name.sub, r.sub_category_id),
    brand: nameOf(look.name.brand, r.brand_id),
    unit: nameOf(look.name.unit, r.unit_id),
    vat: nameOf(look.name.vat, r.vat_tax_id),
    price: money(r.price),
    discount_price: r.discount_price > 0 ? money(r.discount_price) : "",
    published: r.is_active === 1 ? "yes" : "no",
    images: p.images.join(" "),
    meta_title: r.meta_title,
    meta_description: r.meta_description,
  };
  for (const l of look.locales) {
    first[`name_${l}`] = i18n[l]?.name ?? "";
    first[`description_${l}`] = i18n[l]?.description ?? "";
  }
  const sizeRank = (id: number) => (id === 0 ? -1 : (look.sizeOrder.get(id) ?? Number.MAX_SAFE_INTEGER));
  const variants = [...p.variants].sort(
    (a, b) => sizeRank(a.size_id) - sizeRank(b.size_id) || a.size_id - b.size_id || a.color_id - b.color_id,
  );
  return variants.map((v, i) => ({
    handle: r.slug,
    ...(i === 0 ? first : {}),
    size: v.size_id ? nameOf(look.name.size, v.size_id) : "",
    size_surcharge: v.size_id ? money(p.sizes.get(v.size_id) ?? 0) : "",
    color: v.color_id ? nameOf(look.name.color, v.color_id) : "",
    color_surcharge: v.color_id ? money(p.colors.get(v.color_id) ?? 0) : "",
    sku: v.sku ?? "",
    stock: String(v.stock),
  }));
}

/** Every product of the shop as CSV, ordered by id, then size, then colour. */
export async function exportProducts({ dbh }: DbDeps, shopId: number): Promise<{ filename: string; csv: string }> {
  const [lists, cat] = await Promise.all([repo.referenceLists(dbh.db), repo.shopCatalogue(dbh.db, shopId)]);
  const look = lookupsOf(lists);
  const rows = existingProducts(cat).flatMap((p) => exportRows(p, look));
  return { filename: `products-${clock.iso().slice(0, 10)}.csv`, csv: writeCsv(look.columns, rows) };
}

// --- CSV rows → the product form's body ----------------------------------------------------------

/** Row errors, one per cell (the first found), in row order when listed. */
class RowErrors {
  private readonly byCell = new Map<string, ImportRowError>();
  add(row: number, column: string, message: string): void {
    const key = `${row}\u0000${column}`;
    if (!this.byCell.has(key)) this.byCell.set(key, { row, column, message });
  }
  has(row: number, column: string): boolean {
    return this.byCell.has(`${row}\u0000${column}`);
  }
  get size(): number {
    return this.byCell.size;
  }
  list(): ImportRowError[] {
    return [...this.byCell.values()].sort((a, b) => a.row - b.row).slice(0, MAX_ERRORS);
  }
}

/** Where a product's rows put each part of the body, to name the row and column of an error. */
interface RowMap {
  first: number;
  variants: number[];
  sizes: number[];
  colors: number[];
}

const COLUMN_OF_FIELD: Record<string, string> = {
  category_id: "category",
  sub_category_id: "sub_category",
  brand_id: "brand",
  unit_id: "unit",
  vat_tax_id: "vat",
  is_active: "published",
  variants: "size",
  sizes: "size",
  colors: "color",
};

/** The row and column of a body field ("variants.3.stock", ["sizes", 0, "surcharge"]). */
function cellOf(path: ReadonlyArray<PropertyKey>, rows: RowMap): { row: number; column: string } {
  const [head, index, leaf] = path.map((p) => (typeof p === "string" && /^\d+$/.test(p) ? Number(p) : p));
  const at = (list: number[]) => (typeof index === "number" ? (list[index] ?? rows.first) : rows.first);
  switch (head) {
    case "variants":
      return {
        row: at(rows.variants),
        column: leaf === "size_id" ? "size" : leaf === "color_id" ? "color" : typeof leaf === "string" ? leaf : "size",
      };
    case "sizes":
      return { row: at(rows.sizes), column: leaf === "surcharge" ? "size_surcharge" : "size" };
    case "colors":
      return { row: at(rows.colors), column: leaf === "surcharge" ? "color_surcharge" : "color" };
    case "translations":
      return { row: rows.first, column: `${leaf === "name" ? "name" : "description"}_${String(index)}` };
    default: {
      const field = String(head ?? "");
      return { row: rows.first, column: COLUMN_OF_FIELD[field] ?? field };
    }
  }
}

interface Built {
  rows: RowMap;
  /** the body, when the schema and every name lookup accepted it */
  input: ProductInput | null;
}

/** A product's body from its CSV rows, its problems added to `errors`. */
function buildProduct(records: CsvRecord[], look: Lookups, existingI18n: I18n, errors: RowErrors): Built {
  const first = records[0] as CsvRecord;
  const cell = (r: CsvRecord, column: string) => r.cells[column] ?? "";
  const head = (column: string) => cell(first, column).trim();
  const before = errors.size;
  const fail = (row: number, column: string, message: string) => errors.add(row, column, message);

  /** The id of a named item of a list; "" → null (or undefined, for the schema's "required"). */
  const named = (column: string, label: string, ids: Map<string, number>, empty: null | undefined) => {
    const v = head(column);
    if (v === "") return empty;
    const id = ids.get(nameKey(v));
    if (id === undefined) fail(first.row, column, M.unknownName(label, v));
    return id;
  };
  const category_id = named("category", "category", look.id.category, undefined) ?? undefined;
  let sub_category_id: number | null | undefined = null;
  const sub = head("sub_category");
  if (sub !== "" && category_id !== undefined) {
    sub_category_id = look.subs.get(category_id)?.get(nameKey(sub));
    if (sub_category_id === undefined) {
      fail(
        first.row,
        "sub_category",
        look.subNames.has(nameKey(sub))
          ? SELLER_PRODUCT_MESSAGES.subCategoryOfCategory
          : M.unknownName("sub category", sub),
      );
    }
  }
  const published = head("published").toLowerCase();
  if (published !== "" && published !== "yes" && published !== "no") fail(first.row, "published", M.published);

  const translations: Record<string, { name: string; short_description: string; description: string }> = {};
  for (const l of look.locales) {
    const name = cell(first, `name_${l}`);
    const description = cell(first, `description_${l}`);
    // The file has no short description per language: the product keeps the one it has.
    const short_description = existingI18n[l]?.short_description ?? "";
    // Every language is sent, also emptied ones: the save keeps the texts of a language left out.
    translations[l] = { name, short_description, description };
  }

  // Options and the variant grid, one row per variant.
  const beforeGrid = errors.size;
  const rows: RowMap = { first: first.row, variants: [], sizes: [], colors: [] };
  // A cell's value as `numberOf` reads it: the schema says which is missing and which is not a number.
  type Cell = ReturnType<typeof numberOf>;
  const sizes: Array<{ id: number; surcharge: Cell }> = [];
  const colors: Array<{ id: number; surcharge: Cell }> = [];
  const seen = { size: new Map<number, number>(), color: new Map<number, number>() };
  const variants: Array<{ size_id: number; color_id: number; stock: Cell; sku: string }> = [];
  const pairs = new Map<string, number>();
  const option = (r: CsvRecord, kind: "size" | "color") => {
    const v = cell(r, kind).trim();
    if (v === "") return 0;
    const id = look.id[kind].get(nameKey(v));
    if (id === undefined) {
      fail(r.row, kind, M.unknownName(kind === "size" ? "size" : "colour", v));
      return 0;
    }
    const surchargeCell = cell(r, `${kind}_surcharge`);
    const surcharge = surchargeCell.trim() === "" ? 0 : numberOf(surchargeCell);
    const firstRow = seen[kind].get(id);
    const list = kind === "size" ? sizes : colors;
    if (firstRow === undefined) {
      seen[kind].set(id, r.row);
      list.push({ id, surcharge });
      (kind === "size" ? rows.sizes : rows.colors).push(r.row);
    } else if (surchargeCell.trim() !== "" && list.find((o) => o.id === id)?.surcharge !== surcharge) {
      fail(r.row, `${kind}_surcharge`, M.otherSurcharge(firstRow));
    }
    return id;
  };
  for (const r of records) {
    const size_id = option(r, "size");
    const color_id = option(r, "color");
    const pair = `${size_id}/${color_id}`;
    const other = pairs.get(pair);
    if (other !== undefined) fail(r.row, cell(r, "size").trim() ? "size" : "color", M.samePair(other));
    else pairs.set(pair, r.row);
    variants.push({ size_id, color_id, stock: numberOf(cell(r, "stock")), sku: cell(r, "sku") });
    rows.variants.push(r.row);
  }
  // With sizes (colours), every row names one, and every pair has its row.
  for (const r of records) {
    if (sizes.length > 0 && cell(r, "size").trim() === "") fail(r.row, "size", SELLER_PRODUCT_MESSAGES.variantGrid);
    if (colors.length > 0 && cell(r, "color").trim() === "") fail(r.row, "color", SELLER_PRODUCT_MESSAGES.variantGrid);
  }
  if (errors.size === beforeGrid && pairs.size !== Math.max(1, sizes.length) * Math.max(1, colors.length)) {
    fail(first.row, sizes.length > 0 ? "size" : "color", SELLER_PRODUCT_MESSAGES.variantGrid);
  }

  const parsed = productBody.safeParse({
    name: head("name"),
    short_description: head("short_description"),
    description: cell(first, "description"),
    translations,
    category_id,
    sub_category_id,
    brand_id: named("brand", "brand", look.id.brand, null),
    unit_id: named("unit", "unit", look.id.unit, null),
    vat_tax_id: named("vat", "VAT tax", look.id.vat, null),
    price: numberOf(head("price")),
    discount_price: numberOf(head("discount_price")) ?? 0,
    sizes,
    colors,
    variants,
    images: head("images").split(/\s+/).filter(Boolean),
    meta_title: head("meta_title"),
    meta_description: head("meta_description"),
    is_active: published !== "no",
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { row, column } = cellOf(issue.path, rows);
      // A name no list knows was said already; the schema would only add "required".
      if (!errors.has(row, column)) fail(row, column, issue.message);
    }
  }
  return { rows, input: parsed.success && errors.size === before ? parsed.data : null };
}

/** The body in one canonical form: options and variants in id order, so equal bodies compare equal. */
function canonical(p: ProductInput): string {
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  return JSON.stringify({
    ...p,
    translations: Object.fromEntries(Object.entries(p.translations).sort(([a], [b]) => a.localeCompare(b))),
    sizes: [...p.sizes].sort(byId),
    colors: [...p.colors].sort(byId),
    variants: [...p.variants].sort((a, b) => a.size_id - b.size_id || a.color_id - b.color_id),
  });
}

// --- the plan: what an import would do ----------------------------------------------------------

interface PlannedProduct {
  handle: string;
  /** the shop's product this handle names, or null for a new one */
  id: number | null;
  input: ProductInput;
  rows: RowMap;
  changed: boolean;
}

interface Plan {
  products: PlannedProduct[];
  errors: ImportRowError[];
  counts: ImportResult;
}

const emptyCounts = (): ImportResult => ({ create: 0, update: 0, unchanged: 0, variant_rows: 0 });

async function planImport({ dbh, config }: ImportDeps, shopId: number, csv: string): Promise<Plan> {
  if (Buffer.byteLength(csv, "utf8") > IMPORT_LIMITS.bytes) throw fieldError("csv", M.tooLarge);
  const read = readCsv(csv, IMPORT_LIMITS.rows);
  if (read.ok === "too_many") throw fieldError("csv", M.tooManyRows);
  if (read.ok === false) return { products: [], errors: read.errors.slice(0, MAX_ERRORS), counts: emptyCounts() };

  const errors = new RowErrors();
  const look = lookupsOf(await repo.referenceLists(dbh.db));
  for (const column of BASE_COLUMNS) if (!read.header.includes(column)) errors.add(1, column, M.missingColumn(column));
  for (const column of read.header) if (!look.columns.includes(column)) errors.add(1, column, M.unknownColumn(column));
  if (errors.size === 0 && read.records.length === 0) errors.add(1, "", M.empty);
  if (errors.size > 0) return { products: [], errors: errors.list(), counts: emptyCounts() };

  // Rows by handle, in the order handles first appear.
  const groups = new Map<string, CsvRecord[]>();
  for (const r of read.records) {
    const handle = (r.cells.handle ?? "").trim();
    if (handle === "") errors.add(r.row, "handle", M.handleRequired);
    else {
      const group = groups.get(handle);
      if (group) group.push(r);
      else groups.set(handle, [r]);
    }
  }

  const existing = existingProducts(await repo.shopCatalogue(dbh.db, shopId));
  const bySlug = new Map<string, Existing>();
  for (const p of existing) if (!bySlug.has(p.row.slug)) bySlug.set(p.row.slug, p);
  const ofOtherShops = await repo.handlesOfOtherShops(
    dbh.db,
    shopId,
    [...groups.keys()].filter((h) => !bySlug.has(h) && HANDLE.test(h)),
  );

  const counts = emptyCounts();
  const products: PlannedProduct[] = [];
  for (const [handle, records] of groups) {
    const firstRow = (records[0] as CsvRecord).row;
    counts.variant_rows += records.length;
    const current = bySlug.get(handle);
    if (!HANDLE.test(handle) || handle.length > HANDLE_MAX) errors.add(firstRow, "handle", M.handleFormat);
    else if (ofOtherShops.has(handle)) errors.add(firstRow, "handle", M.handleOfOtherShop);
    const i18n = current ? i18nOf(current.row.i18n) : {};
    const built = buildProduct(records, look, i18n, errors);
    let changed = true;
    if (current && built.input) {
      const now = buildProduct(
        exportRows(current, look).map((cells, i) => ({ row: i + 2, cells })),
        look,
        i18n,
        new RowErrors(),
      );
      changed = now.input === null || canonical(now.input) !== canonical(built.input);
    }
    if (!current) counts.create++;
    else if (changed) counts.update++;
    else counts.unchanged++;
    if (built.input) {
      // New images must be uploads of this server (as in the form); a product keeps its own.
      const own = new Set(current ? [...current.images, current.row.thumbnail] : []);
      for (const url of new Set(built.input.images)) {
        if (!own.has(url) && !(await isIssuedImage(config, url))) errors.add(firstRow, "images", IMAGE_NOT_ISSUED);
      }
    }
    if (built.input)
      products.push({ handle, id: current?.row.id ?? null, input: built.input, rows: built.rows, changed });
  }

  // A SKU names one variant of the shop: not twice in the file, nor on a product the file leaves alone.
  const inFile = new Set(groups.keys());
  const kept = new Set<string>();
  for (const p of existing) {
    if (inFile.has(p.row.slug)) continue;
    for (const v of p.variants) if (v.sku) kept.add(v.sku);
  }
  const skuRows = new Map<string, number>();
  for (const r of read.records) {
    const sku = (r.cells.sku ?? "").trim();
    if (sku === "") continue;
    const other = skuRows.get(sku);
    if (other !== undefined) errors.add(r.row, "sku", M.sameSku(other));
    else if (kept.has(sku)) errors.add(r.row, "sku", SELLER_PRODUCT_MESSAGES.skuTaken);
    else skuRows.set(sku, r.row);
  }
  return { products, errors: errors.list(), counts };
}

/** What importing the CSV would do, with every row's problems; writes nothing. */
export async function previewImport(deps: ImportDeps, shopId: number, csv: string): Promise<ImportPreview> {
  const plan = await planImport(deps, shopId, csv);
  return { ...plan.counts, errors: plan.errors };
}

/** A save's refusal as row errors: its field errors at their rows, or its message on the product's row. */
function refusalRows(e: AppError, p: PlannedProduct): ImportRowError[] {
  const fields = Object.entries(e.errors ?? {});
  if (fields.length === 0) return [{ row: p.rows.first, column: e.status === 404 ? "handle" : "", message: e.message }];
  return fields.flatMap(([field, messages]) => {
    const { row, column } = cellOf(field.split("."), p.rows);
    return messages.map((message) => ({ row, column, message }));
  });
}

/**
 * Saves every product the CSV creates or changes, in one transaction: all or nothing. Refuses
 * with the row errors when any row has one, before writing. `onProgress` hears (0, total) once the
 * file is accepted, then every IMPORT_LIMITS.progressEvery products; after each call the event
 * loop gets a turn, so a streamed answer flushes even while SQLite's transaction holds the connection.
 */
export async function importProducts(
  deps: ImportDeps,
  who: { shopId: number; userId: number },
  csv: string,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportResult> {
  const plan = await planImport(deps, who.shopId, csv);
  if (plan.errors.length > 0) throw new ImportRefused(plan.errors);
  const toSave = plan.products.filter((p) => p.changed);
  const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
  onProgress?.(0, toSave.length);
  await pause();
  await writeTransaction(deps.dbh, async (trx) => {
    const tx = inTransaction(deps, trx);
    const saved: number[] = [];
    for (const [i, p] of toSave.entries()) {
      try {
        const id = await saveProductIn(tx, who, p.id, p.input, "import");
        saved.push(id);
        // The save names a new product after its name; the file's handle is its name here.
        await repo.setSlug(trx, id, p.handle);
      } catch (e) {
        if (e instanceof AppError && e.status < 500) throw new ImportRefused(refusalRows(e, p));
        throw e;
      }
      const done = i + 1;
      if (onProgress && done % IMPORT_LIMITS.progressEvery === 0 && done < toSave.length) {
        onProgress(done, toSave.length);
        await pause();
      }
    }
    await queueIndexing(tx, saved);
  });
  // As after a form's save: visitors' kept catalogue answers would show the old products a while.
  if (toSave.length > 0) clearCatalogCache();
  onProgress?.(toSave.length, toSave.length);
  return plan.counts;
}
