import { useTranslation } from "react-i18next";

/** What a page shows when its data could not be read: the failure and a Reload button. */
export function LoadError({ onReload }: { onReload: () => unknown }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-red-600">
      {t("common.something_went_wrong")}{" "}
      <button type="button" className="font-semibold underline" onClick={() => onReload()}>
        {t("common.reload")}
      </button>
    </p>
  );
}
