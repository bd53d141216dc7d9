import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "../../ui/page-title.tsx";

export const handle = { title: "content.support" };

const topics = [
  { to: "/order-history", title: "content.help_orders", text: "content.help_orders_text" },
  { to: "/page/return-policy", title: "content.help_returns", text: "content.help_returns_text" },
  { to: "/profile", title: "content.help_account", text: "content.help_account_text" },
  { to: "/terms-and-conditions", title: "content.help_payments", text: "content.help_payments_text" },
  { to: "/support-tickets", title: "content.help_tickets", text: "content.help_tickets_text" },
  { to: "/contact-us", title: "content.help_contact", text: "content.help_contact_text" },
] as const;

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <PageTitle sub={t("content.support_intro")}>{t(handle.title)}</PageTitle>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {topics.map((topic) => (
          <li key={topic.to}>
            <Link
              to={topic.to}
              className="group block h-full rounded-2xl border border-slate-200 bg-white p-5 transition hover:border-primary-300 hover:shadow-md"
            >
              <h2 className="font-semibold text-slate-900 group-hover:text-primary-700">{t(topic.title)}</h2>
              <p className="mt-1.5 text-sm leading-6 text-slate-500">{t(topic.text)}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
