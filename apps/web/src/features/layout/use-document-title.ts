import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { useMaster } from "../settings/index.ts";

type TitleHandle = { title?: string };

/** document.title = the deepest route's title + " | " + the app name. */
export function useDocumentTitle() {
  const matches = useMatches();
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const key = [...matches].reverse().find((m) => (m.handle as TitleHandle | undefined)?.title)?.handle as
    | TitleHandle
    | undefined;
  const title = key?.title ? t(key.title) : "";
  const appName = master?.app_name ?? "";
  useEffect(() => {
    document.title = [title, appName].filter(Boolean).join(" | ");
  }, [title, appName]);
}
