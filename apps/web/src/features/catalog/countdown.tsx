import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { countdownParts } from "./countdown-parts.ts";

/** A days / hours / minutes / seconds countdown to `endDate`, ticking every second. */
export function Countdown({ endDate, tone = "light" }: { endDate: string; tone?: "light" | "dark" }) {
  const { t } = useTranslation();
  const end = Date.parse(endDate);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const parts = countdownParts(end - now);
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
