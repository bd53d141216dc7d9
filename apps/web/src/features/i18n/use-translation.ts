import type { i18n as I18n, TFunction } from "i18next";
import { useContext, useSyncExternalStore } from "react";
import { getI18n, I18nContext } from "react-i18next";

// react-i18next's useTranslation() costs, per component, a copy of the i18next instance's property
// descriptors and a namespace check on every render and store check; with ~50 components per
// product card row that was the largest part of a catalogue page's first render. The app calls it
// only as `useTranslation()` (one namespace, no options, no Suspense), so this version keeps that
// API - `{ t, i18n, ready }` and `[t, i18n, ready]`, re-rendering on `languageChanged` like
// react-i18next's default - and shares one `t` per instance and language.
// vite.config.ts points the app's `react-i18next` imports at ./react-i18next.ts, which re-exports
// the library with this hook in place of its own.

type Translation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

const subscriptions = new WeakMap<I18n, (onChange: () => void) => () => void>();
const translations = new WeakMap<I18n, Map<string, Translation>>();

function subscribe(i18n: I18n) {
  let fn = subscriptions.get(i18n);
  if (!fn) {
    fn = (onChange) => {
      i18n.on("languageChanged", onChange);
      return () => i18n.off("languageChanged", onChange);
    };
    subscriptions.set(i18n, fn);
  }
  return fn;
}

function translation(i18n: I18n, language: string): Translation {
  let byLanguage = translations.get(i18n);
  if (!byLanguage) {
    byLanguage = new Map();
    translations.set(i18n, byLanguage);
  }
  let found = byLanguage.get(language);
  if (!found) {
    const t = i18n.getFixedT(language, "translation");
    const value = [t, i18n, true] as unknown as Translation;
    value.t = t;
    value.i18n = i18n;
    Object.defineProperty(value, "ready", {
      get: () => Boolean(i18n.isInitialized) && i18n.hasResourceBundle(language, "translation"),
    });
    found = value;
    byLanguage.set(language, found);
  }
  return found;
}

export function useTranslation(): Translation {
  const i18n = (useContext(I18nContext)?.i18n ?? getI18n()) as I18n;
  const language = useSyncExternalStore(
    subscribe(i18n),
    () => i18n.language,
    () => i18n.language,
  );
  return translation(i18n, language);
}
