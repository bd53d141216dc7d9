import { useTranslation } from "react-i18next";
import { Dropdown } from "../../ui/dropdown.tsx";
import { DownloadIcon } from "../../ui/icons.tsx";
import { useMaster } from "../settings/index.ts";

const item =
  "flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm text-slate-700 data-[highlighted]:bg-primary-50 data-[highlighted]:text-primary-700";

/** 'Download our app', only when enabled; the store links open in a new tab. */
export function DownloadApp() {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  if (!master?.show_download_app) return null;
  const stores = [
    { url: master.app_store_link, label: t("layout.app_store") },
    { url: master.google_playstore_link, label: t("layout.google_play") },
  ].filter((s) => s.url);
  return (
    <Dropdown
      buttonClassName="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-primary-700"
      button={
        <>
          <DownloadIcon className="size-4" />
          {/* Below 1280 px the menu's links need the room: the icon alone, still named. */}
          <span className="sr-only xl:not-sr-only">{t("layout.download_our_app")}</span>
        </>
      }
      sideOffset={6}
      contentClassName="z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
    >
      {(M) =>
        stores.map((s) => (
          <M.Item key={s.url} asChild className={item}>
            <a href={s.url} target="_blank" rel="noopener noreferrer">
              {s.label}
            </a>
          </M.Item>
        ))
      }
    </Dropdown>
  );
}
