import { z } from "zod";
import { endpoints } from "./endpoint.ts";

// The Seller Centre's CSV import and export of products and stock. The file format (one row per
// variant, its columns) is described in apps/server/src/modules/seller/csv.ts.
//
// The CSV travels as JSON `{ csv }` so that the contract validates it like any body and the web
// calls it by its key; the page reads the chosen file with `file.text()`.
//
// The export (GET SELLER_EXPORT_PATH) is not declared here: it answers a CSV file, not the
// `{ message, data }` envelope every declared call answers, so no `call()` could read it (the web
// downloads it with `apiBlob`, like a ticket attachment). It sits behind the same seller hook.

export const SELLER_EXPORT_PATH = "/seller/products/export";

export const IMPORT_LIMITS = {
  /** the CSV's size, in bytes as UTF-8 */
  bytes: 5 * 1024 * 1024,
  /** data rows (variants), not counting the header */
  rows: 20_000,
  /** a progress line is sent after every this many saved products */
  progressEvery: 50,
} as const;

/** The import's answer is streamed as NDJSON (one JSON object a line) when the client asks for it. */
export const NDJSON_TYPE = "application/x-ndjson";

export const SELLER_IMPORT_MESSAGES = {
  preview: "Import preview",
  imported: "Products imported.",
  hasErrors: "The CSV has errors; nothing was imported.",
  tooLarge: "The CSV may not be greater than 5 MB.",
  tooManyRows: `The CSV may not have more than ${IMPORT_LIMITS.rows} rows.`,
  empty: "The CSV has no product rows.",
  missingColumn: (column: string) => `The ${column} column is missing.`,
  unknownColumn: (column: string) => `The ${column} column is not one of the file's columns.`,
  extraCells: "The row has more cells than the header.",
  handleRequired: "The handle field is required.",
  handleFormat: "The handle must be lower-case letters, digits and dashes.",
  handleOfOtherShop: "This handle is already used by a product of another shop.",
  unknownName: (label: string, name: string) => `There is no ${label} named "${name}".`,
  published: 'The published field must be "yes" or "no".',
  samePair: (row: number) => `This size and colour pair is already on row ${row}.`,
  sameSku: (row: number) => `This SKU is already on row ${row}.`,
  otherSurcharge: (row: number) => `The surcharge differs from the one on row ${row}.`,
} as const;

export const csvImportBody = z
  .object({
    csv: z
      .string({ error: "The csv field is required." })
      // characters; the byte bound (UTF-8) is checked by the server
      .max(IMPORT_LIMITS.bytes, SELLER_IMPORT_MESSAGES.tooLarge),
  })
  .strict();
export type CsvImportBody = z.input<typeof csvImportBody>;

/** A problem of one CSV row: `row` is the row as a spreadsheet numbers it (the header is row 1). */
export const importRowError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

const importCounts = {
  /** handles new to the shop */
  create: z.number().int(),
  /** the shop's products the CSV changes */
  update: z.number().int(),
  /** the shop's products the CSV leaves as they are (not saved) */
  unchanged: z.number().int(),
  /** data rows: one per variant */
  variant_rows: z.number().int(),
};

/** What an import would do, and every row's problems; nothing is written. */
export const importPreviewData = z.object({ ...importCounts, errors: z.array(importRowError) });
export type ImportPreview = z.infer<typeof importPreviewData>;

export const importResultData = z.object(importCounts);
export type ImportResult = z.infer<typeof importResultData>;

/**
 * One line of the streamed import (Accept: application/x-ndjson): progress while saving, then the
 * result, or the error that rolled everything back (e.g. a row only the save could refuse).
 */
export const importStreamLine = z.union([
  z.object({ done: z.number().int(), total: z.number().int() }),
  z.object({ result: importResultData }),
  z.object({ error: z.object({ message: z.string(), status: z.number().int(), rows: z.array(importRowError) }) }),
]);
export type ImportStreamLine = z.infer<typeof importStreamLine>;

export const sellerImportApi = endpoints({
  /** what the CSV would change, with per-row errors; writes nothing */
  "POST /seller/products/import/preview": { body: csvImportBody, data: importPreviewData },
  /**
   * Saves every product of the CSV in one transaction, or nothing (422 with the row errors, keyed
   * "<row>.<column>"). With `Accept: application/x-ndjson` the answer is a stream of
   * `importStreamLine`s instead of this envelope, for a progress bar.
   */
  "POST /seller/products/import": { body: csvImportBody, data: importResultData },
});
