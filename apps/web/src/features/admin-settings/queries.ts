import type { CurrencyBody, InputOf, LanguageBody, NewLanguageBody, SiteSettingsBody } from "@market/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, callWithMessage, keyOf } from "../../api/client.ts";
import { masterQuery } from "../settings/index.ts";

const SCOPE = ["admin-settings"] as const;
export const TRANSLATIONS_PER_PAGE = 25;

type TranslationsInput = InputOf<"GET /admin/languages/:id/translations">;

// Every key of the feature starts with its scope. A write also refetches the storefront's settings
// (`GET /master`): the console shows the new name, theme, languages and currencies at once.
export const adminSettingsKeys = {
  all: SCOPE,
  settings: [...SCOPE, ...keyOf("GET /admin/settings", {})] as const,
  languages: [...SCOPE, ...keyOf("GET /admin/languages", {})] as const,
  translations: (input?: TranslationsInput) =>
    [...SCOPE, ...keyOf("GET /admin/languages/:id/translations", input)] as const,
  currencies: [...SCOPE, ...keyOf("GET /admin/currencies", {})] as const,
};

function useRefresh() {
  const queryClient = useQueryClient();
  return (...keys: (readonly unknown[])[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries(masterQuery);
  };
}

// ---- site settings ----

export const useSiteSettings = () =>
  useQuery({
    queryKey: adminSettingsKeys.settings,
    queryFn: ({ signal }) => call("GET /admin/settings", {}, { signal }),
    // A form being edited is not replaced by a refetch behind the admin's back.
    refetchOnWindowFocus: false,
  });

export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SiteSettingsBody) => callWithMessage("PUT /admin/settings", { body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(adminSettingsKeys.settings, data);
      refresh();
    },
  });
}

export function useUploadSiteImage() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ field, file }: { field: "logo" | "favicon"; file: File }) => {
      const form = new FormData();
      form.set(field, file);
      return callWithMessage("POST /admin/settings/images", { form });
    },
    onSuccess: ({ data }) => {
      // Only the image changed: the form's other, maybe unsaved, values stay as they are.
      const old = queryClient.getQueryData(adminSettingsKeys.settings);
      queryClient.setQueryData(
        adminSettingsKeys.settings,
        old ? { ...old, logo: data.logo, favicon: data.favicon } : data,
      );
      refresh();
    },
  });
}

// ---- languages ----

export const useLanguages = () =>
  useQuery({
    queryKey: adminSettingsKeys.languages,
    queryFn: ({ signal }) => call("GET /admin/languages", {}, { signal }),
  });

export function useLanguageWrites() {
  const refresh = useRefresh();
  const done = () => refresh(adminSettingsKeys.languages, adminSettingsKeys.translations());
  const create = useMutation({
    mutationFn: (body: NewLanguageBody) => callWithMessage("POST /admin/languages", { body }),
    onSuccess: done,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: LanguageBody }) =>
      callWithMessage("PUT /admin/languages/:id", { params: { id }, body }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callWithMessage("DELETE /admin/languages/:id", { params: { id } }),
    onSuccess: done,
  });
  const makeDefault = useMutation({
    mutationFn: (id: number) => callWithMessage("POST /admin/languages/:id/default", { params: { id } }),
    onSuccess: done,
  });
  return { create, update, remove, makeDefault };
}

export const translationsInput = (id: number, page: number, search: string, missing: boolean): TranslationsInput => ({
  params: { id },
  query: {
    page,
    per_page: TRANSLATIONS_PER_PAGE,
    ...(search && { search }),
    ...(missing && { missing: "1" as const }),
  },
});

export const useTranslationsPage = (input: TranslationsInput) =>
  useQuery({
    queryKey: adminSettingsKeys.translations(input),
    queryFn: ({ signal }) => call("GET /admin/languages/:id/translations", input, { signal }),
    placeholderData: keepPreviousData,
  });

export function useTranslationWrites(id: number) {
  const refresh = useRefresh();
  const done = () => refresh(adminSettingsKeys.languages, adminSettingsKeys.translations());
  const save = useMutation({
    mutationFn: (texts: Record<string, string>) =>
      callWithMessage("PUT /admin/languages/:id/translations", { params: { id }, body: { texts } }),
    onSuccess: done,
  });
  const importFile = useMutation({
    mutationFn: ({ texts, apply }: { texts: Record<string, string>; apply: boolean }) =>
      callWithMessage("POST /admin/languages/:id/translations/import", { params: { id }, body: { texts, apply } }),
    onSuccess: ({ data }) => {
      if (data.applied) done();
    },
  });
  const exportFile = () => call("GET /admin/languages/:id/translations/export", { params: { id } });
  return { save, importFile, exportFile };
}

// ---- currencies ----

export const useCurrencies = () =>
  useQuery({
    queryKey: adminSettingsKeys.currencies,
    queryFn: ({ signal }) => call("GET /admin/currencies", {}, { signal }),
  });

export function useCurrencyWrites() {
  const refresh = useRefresh();
  const done = () => refresh(adminSettingsKeys.currencies);
  const create = useMutation({
    mutationFn: (body: CurrencyBody) => callWithMessage("POST /admin/currencies", { body }),
    onSuccess: done,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: CurrencyBody }) =>
      callWithMessage("PUT /admin/currencies/:id", { params: { id }, body }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callWithMessage("DELETE /admin/currencies/:id", { params: { id } }),
    onSuccess: done,
  });
  const makeDefault = useMutation({
    mutationFn: (id: number) => callWithMessage("POST /admin/currencies/:id/default", { params: { id } }),
    onSuccess: done,
  });
  const refreshRate = useMutation({
    mutationFn: ({ id, rate }: { id: number; rate: number }) =>
      callWithMessage("POST /admin/currencies/:id/rate", { params: { id }, body: { rate } }),
    onSuccess: done,
  });
  return { create, update, remove, makeDefault, refreshRate };
}
