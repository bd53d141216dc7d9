import { SELLER_IMPORT_MESSAGES } from "@market/contract";
import Papa from "papaparse";

// The shop's products as CSV, the file a seller downloads, edits in a spreadsheet and imports.
//
// - One row per variant. Rows with the same `handle` (the product's slug) are one product; the
//   product-level columns (everything but size, size_surcharge, color, color_surcharge, sku and
//   stock) are read from the product's first row, and the export writes them only there.
// - Columns, in this order: handle, name, short_description, description, category, sub_category,
//   brand, unit (names, matched case-insensitively against the marketplace's lists), vat (the VAT
//   tax's name or empty), price, discount_price (major units, "19.99"; empty = no discount),
//   published ("yes"/"no"), size, size_surcharge, color, color_surcharge, sku, stock, images
//   (space-separated URLs, the first is the thumbnail), meta_title, meta_description, then
//   name_<locale> and description_<locale> for each shipped language other than the default.
// - A product without sizes (colours) has its size (color) cells empty; with them, every size ×
//   colour pair has exactly one row.
// - The export orders products by id, their rows by size then colour (the marketplace's order of
//   each list), and formats every value one way, so an export imported again changes nothing and
//   export → import → export gives the same bytes.
// - Row numbers in errors are the spreadsheet's: the header is row 1 and a cell may span lines.
// - Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) are written with a
//   leading apostrophe, as spreadsheets do themselves; the import drops it again.
// - UTF-8 with a byte-order mark, so spreadsheets open Arabic text as UTF-8; the import drops it.

export const BASE_COLUMNS = [
  "handle",
  "name",
  "short_description",
  "description",
  "category",
  "sub_category",
  "brand",
  "unit",
  "vat",
  "price",
  "discount_price",
  "published",
  "size",
  "size_surcharge",
  "color",
  "color_surcharge",
  "sku",
  "stock",
  "images",
  "meta_title",
  "meta_description",
] as const;
export type BaseColumn = (typeof BASE_COLUMNS)[number];

/** The columns that vary per variant row; the others belong to the product (its first row). */
export const VARIANT_COLUMNS: readonly BaseColumn[] = [
  "size",
  "size_surcharge",
  "color",
  "color_surcharge",
  "sku",
  "stock",
];

/** The file's columns for the shipped languages other than the default. */
export const columnsFor = (locales: readonly string[]): string[] => [
  ...BASE_COLUMNS,
  ...locales.flatMap((l) => [`name_${l}`, `description_${l}`]),
];

const BOM = "\uFEFF";
const FORMULA = /^[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;

/** A data row: its spreadsheet row number and its cells by column (missing cells are ""). */
export interface CsvRecord {
  row: number;
  cells: Record<string, string>;
}

export type CsvRead =
  | { ok: true; header: string[]; records: CsvRecord[] }
  | { ok: false; errors: Array<{ row: number; column: string; message: string }> };

/** Reads CSV text: the header row, then the non-blank data rows; more than `maxRows` is refused. */
export function readCsv(text: string, maxRows: number): CsvRead | { ok: "too_many" } {
  const parsed = Papa.parse<string[]>(text.startsWith(BOM) ? text.slice(BOM.length) : text, {
    // Blank lines still count as rows of the spreadsheet; they are skipped below.
    skipEmptyLines: false,
  });
  const errors = parsed.errors
    .filter((e) => e.code !== "UndetectableDelimiter")
    .map((e) => ({ row: (e.row ?? 0) + 1, column: "", message: e.message }));
  if (errors.length > 0) return { ok: false, errors };
  const [head, ...rest] = parsed.data;
  const header = (head ?? []).map((h) => h.trim().toLowerCase());
  const records: CsvRecord[] = [];
  const cellErrors: Array<{ row: number; column: string; message: string }> = [];
  rest.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === "")) return;
    const row = i + 2;
    if (cells.length > header.length && cells.slice(header.length).some((c) => c.trim() !== "")) {
      cellErrors.push({ row, column: "", message: SELLER_IMPORT_MESSAGES.extraCells });
    }
    const byColumn: Record<string, string> = {};
    header.forEach((column, c) => {
      const cell = cells[c] ?? "";
      byColumn[column] = ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell;
    });
    records.push({ row, cells: byColumn });
  });
  if (records.length > maxRows) return { ok: "too_many" };
  if (cellErrors.length > 0) return { ok: false, errors: cellErrors };
  return { ok: true, header, records };
}

/** Writes rows (cells by column; missing cells empty) under the header, as the import reads them. */
export function writeCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, string>>): string {
  const body = Papa.unparse(
    { fields: [...columns], data: rows.map((r) => columns.map((c) => r[c] ?? "")) },
    { escapeFormulae: FORMULA, newline: "\r\n" },
  );
  return `${BOM}${body}\r\n`;
}
