import type { SellerDashboard } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

type Props = { daily: SellerDashboard["daily"]; money: (amount: number) => string };

/**
 * The daily sales of the last 30 days as bars (Recharts, loaded with this file only). In a
 * right-to-left language the days run from right to left and the amounts stand on the right.
 */
export default function SalesChart({ daily, money }: Props) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === "rtl";
  const locale = i18n.language;
  const day = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
  const fullDay = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const compact = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
  const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
  return (
    <div className="h-72 w-full" data-testid="sales-chart" dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        {/* Recharts' keyboard layer makes the chart a stop (arrow keys go from day to day); its title names it. */}
        <BarChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} title={t("seller_shop.daily_sales")}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis
            dataKey="date"
            reversed={rtl}
            tickFormatter={(v: string) => day.format(dateOf(v))}
            tick={{ fontSize: 11, fill: "#64748b" }}
            minTickGap={16}
            tickLine={false}
          />
          <YAxis
            orientation={rtl ? "right" : "left"}
            tickFormatter={(v: number) => compact.format(v)}
            tick={{ fontSize: 11, fill: "#64748b" }}
            width={44}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            cursor={{ fill: "rgba(148, 163, 184, 0.15)" }}
            labelFormatter={(v) => fullDay.format(dateOf(String(v)))}
            formatter={(v) => [money(Number(v)), t("seller_shop.sales")]}
            contentStyle={{ direction: rtl ? "rtl" : "ltr", borderRadius: 8, fontSize: 13 }}
          />
          <Bar dataKey="amount" fill="var(--color-primary-600)" radius={[4, 4, 0, 0]} maxBarSize={28} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
