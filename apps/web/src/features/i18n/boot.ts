import type { LangMessages, Master } from "@market/contract";
import type { QueryClient } from "@tanstack/react-query";
import { storedLocale } from "../../api/client.ts";
import { bootLocaleOf, takeBootAnswer } from "../../lib/boot-data.ts";
import { masterQuery } from "../settings/index.ts";
import { storeLocale, syncAppLocale } from "./app-locale.ts";
import { applyDirection } from "./direction.ts";
import { loadMessages } from "./i18n.ts";

/**
 * Before the first render: settings and messages, so the page paints in the right language and
 * direction without a flash of keys. The page's HTML usually carries both (for the locale of the
 * `locale` cookie); otherwise they are fetched in parallel.
 */
export async function bootLocale(queryClient: QueryClient): Promise<void> {
  // A link to the page in one language (a search result's hreflang alternate) chooses it.
  const linked = new URLSearchParams(window.location.search).get("lang");
  if (linked && /^[A-Za-z0-9_-]{2,10}$/.test(linked)) storeLocale(linked);
  const first = storedLocale();
  const pageLocale = bootLocaleOf();
  const inlined = pageLocale === undefined ? undefined : takeBootAnswer<Master>(pageLocale, "/master");
  if (inlined) queryClient.setQueryData(masterQuery.queryKey, inlined);
  // The settings' locale: the page's when it carried them, else the one they were fetched in.
  const masterLocale = inlined ? (pageLocale as string) : first;
  const [master] = await Promise.all([
    inlined ?? queryClient.fetchQuery(masterQuery).catch(() => undefined),
    inlined ? undefined : loadMessages(first),
  ]);
  if (!master) {
    applyDirection(first, undefined);
    return;
  }
  // The stored choice, if still offered, wins over the page's locale (syncAppLocale keeps the
  // spec's app-locale rule).
  const offered = master.languages.map((l) => l.name);
  const { locale, changed } = syncAppLocale(master.app_locale, offered);
  if (changed) {
    window.location.reload();
    return;
  }
  if (inlined || locale !== first)
    await loadMessages(locale, takeBootAnswer<LangMessages>(locale, `/lang/${encodeURIComponent(locale)}`));
  if (locale !== masterLocale) void queryClient.invalidateQueries(masterQuery);
  applyDirection(locale, master.languages);
}
