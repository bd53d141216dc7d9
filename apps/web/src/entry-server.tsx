import type { LangMessages, Master } from "@market/contract";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router";
import { App } from "./app/app.tsx";
import { createQueryClient } from "./app/query-client.ts";
import { routes, whenReady } from "./app/router.tsx";
import { directionOf, i18nFor } from "./features/i18n/index.ts";
import { masterQuery, themeVariables } from "./features/settings/index.ts";
import { type BootData, setBootData } from "./lib/boot-data.ts";

// The server's render of a catalogue page for a visitor (apps/server/src/modules/seo/boot.ts): the
// same tree the browser's first render builds from the answers the page carries, so the page
// paints before its JavaScript has run and start.tsx hydrates it.

export interface ServerRender {
  /** the markup inside `<div id="root">` */
  html: string;
  lang: string;
  dir: "ltr" | "rtl";
  /** the theme's CSS variables for `<html style>`, as useTheme() sets them */
  style: string;
}

export type { BootData };

/** The page at `url` (path and query) rendered from `boot`; null when the page carries no settings or messages. */
export async function render(url: string, boot: BootData): Promise<ServerRender | null> {
  const master = boot.answers["/master"] as Master | undefined;
  const messages = boot.answers[`/lang/${encodeURIComponent(boot.locale)}`] as LangMessages | undefined;
  if (!master || !messages) return null;
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  await whenReady(router);
  const queryClient = createQueryClient();
  queryClient.setQueryData(masterQuery.queryKey, master);
  const i18n = i18nFor(boot.locale, messages);
  // The answers are handed out once; renderToString runs to its end synchronously, so no other
  // request's render can take them.
  setBootData({ locale: boot.locale, answers: { ...boot.answers } });
  try {
    const html = renderToString(
      <StrictMode>
        <App router={router} queryClient={queryClient} i18n={i18n} />
      </StrictMode>,
    );
    const style = Object.entries(themeVariables(master.theme_colors))
      .map(([name, value]) => `${name}: ${value}`)
      .join("; ");
    return { html, lang: boot.locale, dir: directionOf(boot.locale, master.languages), style };
  } finally {
    setBootData(null);
    router.dispose();
    queryClient.clear();
  }
}
