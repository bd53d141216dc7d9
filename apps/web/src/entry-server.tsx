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
import type { PageQueryMeta } from "./lib/page-query.ts";

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
  /** API paths of answers the page asked for and `boot` lacks: with them, the page renders further */
  missing: string[];
}

export type { BootData };

/** What the server's HTML says of a page before any render: its status, title and language. */
export interface PageFacts {
  /** 404 when no route but Page Not Found's matches */
  status: 200 | 404;
  /** the deepest route's title, translated; empty when it has none */
  title: string;
  notFoundTitle: string;
  home: string;
  /** the site's description, for pages without one of their own */
  description: string;
  /** whether the server renders the page for a visitor (its route's `handle.rendered`) */
  rendered: boolean;
  lang: string;
  dir: "ltr" | "rtl";
  /** the site's languages, for the page's hreflang alternates, and its default */
  locales: string[];
  defaultLocale: string;
}

/** The route of `url` and its title in `boot`'s locale, from the app's own route table. */
export async function describe(url: string, boot: BootData): Promise<PageFacts | null> {
  const master = boot.answers["/master"] as Master | undefined;
  const messages = boot.answers[`/lang/${encodeURIComponent(boot.locale)}`] as LangMessages | undefined;
  if (!master || !messages) return null;
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  try {
    await whenReady(router);
    const matches = router.state.matches;
    const handles = matches.map((m) => m.route.handle as { title?: string; rendered?: boolean } | undefined);
    const page = handles.at(-1);
    const key = handles.findLast((h) => h?.title)?.title;
    const { t } = i18nFor(boot.locale, messages);
    return {
      status: matches.at(-1)?.route.path === "*" ? 404 : 200,
      title: key ? t(key) : "",
      notFoundTitle: t("common.page_not_found"),
      home: t("catalog.home"),
      description: master.footer_description,
      rendered: Boolean(page?.rendered),
      lang: boot.locale,
      dir: directionOf(boot.locale, master.languages),
      locales: master.languages.map((l) => l.name),
      defaultLocale: master.app_locale,
    };
  } finally {
    router.dispose();
  }
}

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
    const missing = queryClient
      .getQueryCache()
      .getAll()
      // (no observer subscribes during a server render, so isDisabled() cannot tell: meta says it)
      .filter((q) => q.state.status === "pending")
      .map((q) => (q.meta as PageQueryMeta | undefined)?.pagePath)
      .filter((path): path is string => Boolean(path) && !((path as string) in boot.answers));
    return { html, lang: boot.locale, dir: directionOf(boot.locale, master.languages), style, missing };
  } finally {
    setBootData(null);
    router.dispose();
    queryClient.clear();
  }
}
