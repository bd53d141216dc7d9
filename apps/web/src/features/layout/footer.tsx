import type { FooterGroup, FooterItem, Master } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDownIcon, MailIcon, PhoneIcon } from "../../ui/icons.tsx";
import { telHref } from "../../ui/phone-link.tsx";
import { useMaster } from "../settings/index.ts";
import { MenuLink } from "./menu-link.tsx";

const link = "text-sm text-slate-400 transition hover:text-white";

function StoreButtons({ master }: { master: Master }) {
  const { t } = useTranslation();
  const stores = [
    { url: master.app_store_link, label: t("layout.app_store"), hint: t("layout.download_on_the") },
    { url: master.google_playstore_link, label: t("layout.google_play"), hint: t("layout.get_it_on") },
  ].filter((s) => s.url);
  return (
    <div className="flex items-center gap-3">
      {master.footer_qr && (
        <img
          src={master.footer_qr}
          alt={t("layout.scan_to_download")}
          className="size-20 rounded-lg bg-white p-1"
          loading="lazy"
        />
      )}
      <div className="flex flex-col gap-2">
        {stores.map((s) => (
          <a
            key={s.url}
            href={s.url}
            target="_blank"
            rel="noopener noreferrer"
            className="flex flex-col rounded-lg border border-slate-600 px-3 py-1 text-white hover:border-slate-400"
          >
            <span className="text-[10px] leading-tight text-slate-400">{s.hint}</span>
            <span className="text-sm font-semibold leading-tight">{s.label}</span>
          </a>
        ))}
      </div>
    </div>
  );
}

function Item({ item, master }: { item: FooterItem; master: Master }) {
  switch (item.type) {
    case "logo":
      return (
        <img
          src={master.footer_logo || master.logo}
          alt={master.app_name}
          className="h-9 w-auto max-w-44 object-contain"
          loading="lazy"
        />
      );
    case "text":
      return <p className="text-sm leading-6 text-slate-400">{item.title}</p>;
    case "phone": {
      const href = item.url?.startsWith("tel:") ? item.url : telHref(item.url || item.title);
      return (
        <a href={href} className={`${link} inline-flex items-center gap-2`}>
          <PhoneIcon className="size-4" />
          <span dir="ltr">{item.title}</span>
        </a>
      );
    }
    case "email": {
      const href = item.url?.startsWith("mailto:") ? item.url : `mailto:${item.url || item.title}`;
      return (
        <a href={href} className={`${link} inline-flex items-center gap-2`}>
          <MailIcon className="size-4" />
          {item.title}
        </a>
      );
    }
    case "social_links":
      return (
        <div className="flex flex-wrap gap-2">
          {master.social_links.map((s) => (
            <a
              key={s.name}
              href={s.link}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={s.name}
              title={s.name}
              className="inline-flex size-9 items-center justify-center rounded-full bg-slate-800 transition hover:bg-primary-600"
            >
              <img src={s.logo} alt="" className="size-4" loading="lazy" />
            </a>
          ))}
        </div>
      );
    case "app_store":
      return <StoreButtons master={master} />;
    case "link":
      return (
        <MenuLink url={item.url ?? "/"} target={item.target} className={link}>
          {item.title}
        </MenuLink>
      );
  }
}

/** A column; columns of links collapse below 640 px and are always open from 640 px. */
function Column({ group, master }: { group: FooterGroup; master: Master }) {
  const [open, setOpen] = useState(false);
  const collapsible = group.items.some((i) => i.type === "link");
  const items = (
    <ul className="space-y-3">
      {group.items.map((item) => (
        <li key={item.id}>
          <Item item={item} master={master} />
        </li>
      ))}
    </ul>
  );
  if (!collapsible) {
    return (
      <div>
        {group.title && (
          <h2 className="mb-4 text-sm font-semibold uppercase tracking-wide text-white">{group.title}</h2>
        )}
        {items}
      </div>
    );
  }
  return (
    <div className="border-b border-slate-800 sm:border-0">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between py-3 text-start uppercase tracking-wide sm:hidden"
        >
          {group.title}
          <ChevronDownIcon className={`size-4 transition ${open ? "rotate-180" : ""}`} />
        </button>
        <span className="mb-4 hidden sm:block">{group.title}</span>
      </h2>
      <div className={`${open ? "block pb-4" : "hidden"} sm:block`}>{items}</div>
    </div>
  );
}

/** `className` pads the content (a layout's rail), under the footer's own full-width colour. */
export function Footer({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const year = new Date().getFullYear();
  return (
    <footer className={`mt-16 bg-slate-900 text-slate-300 ${className}`}>
      {master?.web_show_footer !== false && master && master.footers.length > 0 && (
        <div className="mx-auto grid grid-cols-1 max-w-7xl gap-x-8 gap-y-2 px-4 py-10 sm:grid-cols-2 sm:gap-y-10 sm:py-14 lg:grid-cols-4">
          {master.footers.map((g) => (
            <Column key={g.id} group={g} master={master} />
          ))}
        </div>
      )}
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-xs text-slate-400">
          © {year} {master?.footer_text || t("layout.all_right_reserved_by_company")}
        </p>
      </div>
    </footer>
  );
}
