import {
  API_BASE,
  type ErrorBody,
  type ImportResult,
  type ImportRowError,
  type ImportStreamLine,
  type InputOf,
  NDJSON_TYPE,
  SELLER_EXPORT_PATH,
} from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiBlob, call, failureOf, storedLocale } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { sellerProductKeys } from "../seller-products/index.ts";

type CsvBody = InputOf<"POST /seller/products/import">["body"];

/** The import's refusal: the server's message and the rows to fix (none for a server error). */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly rows: ImportRowError[],
  ) {
    super(message);
    this.name = "ImportRefused";
  }
}

/** A 422's field errors, keyed "<row>.<column>" by the import, back as rows. */
function rowsOf(errors: Record<string, string[]>): ImportRowError[] {
  return Object.entries(errors).flatMap(([key, messages]) => {
    const [, row, column] = key.match(/^(\d+)\.(.*)$/s) ?? [];
    return row === undefined ? [] : messages.map((message) => ({ row: Number(row), column: column ?? "", message }));
  });
}

/**
 * POST /seller/products/import as a stream of NDJSON lines (see the contract), for a progress bar:
 * `onProgress` hears each `{ done, total }`; answers the final result or throws ImportRefused. The
 * client's `call` reads whole JSON answers, so this one reads the body itself, with the same headers
 * and 401 rule.
 */
export async function importWithProgress(
  body: CsvBody,
  onProgress: (done: number, total: number) => void,
): Promise<ImportResult> {
  const token = useAuthStore.getState().token;
  const headers: Record<string, string> = {
    Accept: NDJSON_TYPE,
    "Content-Type": "application/json",
    "X-Requested-With": "XMLHttpRequest",
    "Accept-Language": storedLocale(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${API_BASE}/seller/products/import`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  if (!res.ok || !res.body) {
    const json = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
    const failure = failureOf(res, json, token);
    if (res.status === 422 && json?.errors) throw new ImportRefused(failure.message, 422, rowsOf(json.errors));
    throw failure;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += value ?? "";
    const lines = buffer.split("\n");
    buffer = done ? "" : (lines.pop() ?? "");
    for (const text of lines) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as ImportStreamLine;
      if ("done" in line) onProgress(line.done, line.total);
      else if ("result" in line) return line.result;
      else throw new ImportRefused(line.error.message, line.error.status, line.error.rows);
    }
    if (done) throw new ApiError(500, "The import's answer ended early.");
  }
}

export function usePreviewImport() {
  return useMutation({ mutationFn: (body: CsvBody) => call("POST /seller/products/import/preview", { body }) });
}

/** The import with its progress; the products list and stock pages show the new state after it. */
export function useRunImport(onProgress: (done: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CsvBody) => importWithProgress(body, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sellerProductKeys.all }),
  });
}

/** Downloads the shop's products as CSV (the bearer token rides along, so no plain link). */
export async function downloadExport(filename: string): Promise<void> {
  const blob = await apiBlob(SELLER_EXPORT_PATH);
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the file to the browser; the URL can go once it has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
