import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../../packages/contract/locales",
);

/**
 * Every UI message file `packages/contract/locales/<locale>/<namespace>.json`, flattened per locale
 * to `{ "<namespace>.<key>": text }`, the shape `GET /api/lang/{locale}` serves.
 */
export function loadUiMessages(dir = localesDir): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  if (!fs.existsSync(dir)) return out;
  for (const locale of fs.readdirSync(dir).sort()) {
    const localeDir = path.join(dir, locale);
    if (!fs.statSync(localeDir).isDirectory()) continue;
    const messages: Record<string, string> = {};
    for (const file of fs.readdirSync(localeDir).sort()) {
      if (!file.endsWith(".json")) continue;
      const namespace = file.slice(0, -".json".length);
      const parsed = JSON.parse(fs.readFileSync(path.join(localeDir, file), "utf8")) as Record<string, unknown>;
      for (const [key, value] of Object.entries(parsed)) {
        if (typeof value === "string") messages[`${namespace}.${key}`] = value;
      }
    }
    out[locale] = messages;
  }
  return out;
}

let shipped: Record<string, Record<string, string>> | undefined;

/**
 * The shipped locale files, read once per process: the base of every interface text. The
 * `translations` table holds only what the admin console set (texts of added languages and edited
 * texts), laid over these by `GET /api/lang/{locale}`.
 */
export function shippedUiMessages(): Record<string, Record<string, string>> {
  shipped ??= loadUiMessages();
  return shipped;
}
