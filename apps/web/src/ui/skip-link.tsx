import { useTranslation } from "react-i18next";

/** The first stop of the keyboard on every layout: jumps past the header to `<main id="main">`. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-[100] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
    >
      {t("layout.skip_to_content")}
    </a>
  );
}
