import { DropdownMenu } from "radix-ui";
import { useTranslation } from "react-i18next";
import { DownloadIcon } from "../../ui/icons.tsx";
import { useMaster } from "../settings/use-master.ts";

const item =
  "flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-primary-50 data-[highlighted]:text-primary-700";

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
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-primary-700">
        <DownloadIcon className="size-4" />
        {t("layout.download_our_app")}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          {stores.map((s) => (
            <DropdownMenu.Item key={s.url} asChild className={item}>
              <a href={s.url} target="_blank" rel="noopener noreferrer">
                {s.label}
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
