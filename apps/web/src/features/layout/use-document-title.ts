import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { useMaster } from "../settings/index.ts";

/**
 * A route's `handle`: `title` is the key of its title; `ownTitle` marks a page that names one thing
 * (a product, a shop...) and titles the document with that name itself (usePageTitle).
 */
type TitleHandle = { title?: string; ownTitle?: boolean };

function useRouteTitle() {
  const matches = useMatches();
  const { t } = useTranslation();
  const handle = [...matches].reverse().find((m) => (m.handle as TitleHandle | undefined)?.title)?.handle as
    | TitleHandle
    | undefined;
  return { title: handle?.title ? t(handle.title) : "", own: Boolean(handle?.ownTitle) };
}

function useTitle(title: string, skip = false) {
  const { data: master } = useMaster();
  const appName = master?.app_name ?? "";
  useEffect(() => {
    if (!skip) document.title = [title, appName].filter(Boolean).join(" | ");
  }, [title, appName, skip]);
}

/** document.title = the deepest route's title + " | " + the app name (the layouts call it). */
export function useDocumentTitle() {
  const { title, own } = useRouteTitle();
  useTitle(title, own);
}

/** A page of one thing: document.title = its name (the route's title until it has loaded) + " | " + the app name. */
export function usePageTitle(name: string | undefined) {
  const { title } = useRouteTitle();
  useTitle(name || title);
}
