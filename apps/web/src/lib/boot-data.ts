import { useAuthStore } from "./auth-store.ts";

/**
 * The answers the server put into the page's HTML for its first render (apps/server/src/modules/seo/
 * boot.ts): `answers` by API path, each the answer's `data`, all in `locale`. Each answer is handed
 * out once, so data fetched later is never replaced by what the page was loaded with.
 */
export type BootData = { locale: string; answers: Record<string, unknown> };

let boot: BootData | null | undefined;

function read(): BootData | null {
  if (boot !== undefined) return boot;
  boot = null;
  const text = document.getElementById("boot-data")?.textContent;
  if (!text) return boot;
  try {
    const parsed = JSON.parse(text) as Partial<BootData>;
    if (typeof parsed.locale === "string" && parsed.answers && typeof parsed.answers === "object")
      boot = { locale: parsed.locale, answers: parsed.answers };
  } catch {
    // a broken block only costs the round trips it would have saved
  }
  return boot;
}

/** A server render's answers (entry-server.tsx), in place of the page's; null after it. */
export function setBootData(data: BootData | null) {
  boot = data;
}

/** The locale the page's answers are in, if it carries any. */
export function bootLocaleOf(): string | undefined {
  return read()?.locale;
}

/** The page's answer for `path` in `locale`, once; undefined when it has none for them. */
export function takeBootAnswer<T>(locale: string, path: string): T | undefined {
  const data = read();
  if (!data || data.locale !== locale || !(path in data.answers)) return undefined;
  const value = data.answers[path] as T;
  delete data.answers[path];
  return value;
}

/**
 * A catalogue answer of the page for a visitor: the server inlines them only for visitors, since a
 * signed-in shopper's answers mark their favourites.
 */
export function takeVisitorAnswer<T>(locale: string, path: string): T | undefined {
  return useAuthStore.getState().token ? undefined : takeBootAnswer<T>(locale, path);
}

/**
 * Cookies the server reads to fill the page's HTML: the shopper's locale, whether they are signed in
 * and a currency chosen over the default one (it renders pages only in the default currency).
 */
export function setBootCookie(name: "locale" | "signed_in" | "currency", value: string | null) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop serves
  document.cookie =
    value === null
      ? `${name}=; path=/; max-age=0; samesite=lax`
      : `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
}
