import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useMaster } from "../settings/index.ts";
import { storeLocale } from "./app-locale.ts";
import { applyDirection, directionOf } from "./direction.ts";
import { loadMessages } from "./i18n.ts";

/** The current locale, its direction and title, and the switch. */
export function useLocale() {
  const { i18n } = useTranslation();
  const { data: master } = useMaster();
  const queryClient = useQueryClient();
  const locale = i18n.language;
  const languages = master?.languages ?? [];
  const language = languages.find((l) => l.name === locale);

  const setLocale = useCallback(
    async (name: string) => {
      storeLocale(name);
      applyDirection(name, master?.languages);
      await loadMessages(name);
      // Names of shops, products and categories come translated by Accept-Language.
      await queryClient.invalidateQueries();
    },
    [master?.languages, queryClient],
  );

  return {
    locale,
    title: language?.title ?? locale,
    direction: directionOf(locale, master?.languages),
    languages,
    setLocale,
  };
}
