import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { countdownParts } from "./countdown-parts.ts";
import { catalogKeys } from "./queries.ts";

/** A visitor's catalogue answer may be kept this long by the server (CATALOG_CACHE_SECONDS, 5 by default). */
const SERVER_KEEPS_MS = 6000;

/**
 * A days / hours / minutes / seconds countdown to `endDate`, ticking every second. When it reaches
 * zero the sale's prices are the server's to change: the catalogue is read again then, and once
 * more when a visitor's cached answer has gone.
 */
export function Countdown({ endDate, tone = "light" }: { endDate: string; tone?: "light" | "dark" }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const end = Date.parse(endDate);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const parts = countdownParts(end - now);
  const [wasRunning] = useState(() => !parts.done);
  useEffect(() => {
    if (!(wasRunning && parts.done)) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    refresh();
    const again = setTimeout(refresh, SERVER_KEEPS_MS);
    return () => clearTimeout(again);
  }, [wasRunning, parts.done, queryClient]);
  if (parts.done) return <p className="text-sm font-medium">{t("catalog.sale_ended")}</p>;
  const units = [
    { value: parts.days, label: t("catalog.days") },
    { value: parts.hours, label: t("catalog.hours") },
    { value: parts.minutes, label: t("catalog.minutes") },
    { value: parts.seconds, label: t("catalog.seconds") },
  ];
  const box = tone === "dark" ? "bg-slate-900 text-white" : "bg-white text-slate-900 shadow-sm";
  return (
    <div role="timer" aria-label={t("catalog.ends_in")} className="flex gap-1.5">
      {units.map((u) => (
        <div key={u.label} className={`flex min-w-12 flex-col items-center rounded-lg px-2 py-1 ${box}`}>
          {/* a server render counted from the server's clock, seconds before this one */}
          <span className="text-lg font-bold tabular-nums leading-6" suppressHydrationWarning>
            {String(u.value).padStart(2, "0")}
          </span>
          <span className="text-[10px] uppercase tracking-wide opacity-80">{u.label}</span>
        </div>
      ))}
    </div>
  );
}
