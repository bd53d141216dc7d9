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

function useTitle(title: string, skip = false, area = "") {
  const { data: master } = useMaster();
  const appName = master?.app_name ?? "";
  useEffect(() => {
    if (!skip) document.title = [title, area, appName].filter(Boolean).join(" | ");
  }, [title, area, appName, skip]);
}

/**
 * document.title = the deepest route's title + " | " + the app name (the layouts call it). The
 * Seller Centre and the admin console name their area between, so their "Dashboard" tab is not
 * taken for the shopper's.
 */
export function useDocumentTitle(area?: string) {
  const { title, own } = useRouteTitle();
  useTitle(title, own, area);
}

/** A page of one thing: document.title = its name (the route's title until it has loaded) + " | " + the app name. */
export function usePageTitle(name: string | undefined) {
  const { title } = useRouteTitle();
  useTitle(name || title);
}
