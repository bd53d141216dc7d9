import type { QueryClient } from "@tanstack/react-query";
import { storedLocale } from "../../api/client.ts";
import { masterQuery } from "../settings/use-master.ts";
import { syncAppLocale } from "./app-locale.ts";
import { applyDirection } from "./direction.ts";
import { loadMessages } from "./i18n.ts";

/**
 * Before the first render: settings and messages are fetched in parallel so the page paints in
 * the right language and direction without a flash of keys.
 */
export async function bootLocale(queryClient: QueryClient): Promise<void> {
  const first = storedLocale();
  const [master] = await Promise.all([queryClient.fetchQuery(masterQuery).catch(() => undefined), loadMessages(first)]);
  if (!master) {
    applyDirection(first, undefined);
    return;
  }
  const { locale, changed } = syncAppLocale(master.app_locale);
  if (changed) {
    window.location.reload();
    return;
  }
  if (locale !== first) {
    await loadMessages(locale);
    void queryClient.invalidateQueries(masterQuery);
  }
  applyDirection(locale, master.languages);
}
