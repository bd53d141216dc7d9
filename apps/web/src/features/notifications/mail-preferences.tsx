import type { MailTopic } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast.ts";
import { useMailPreferences, useSaveMailPreferences } from "./queries.ts";

/** The account's mail choices: a switch per kind of order mail; transactional ones stay on. */
export function MailPreferences() {
  const { t } = useTranslation();
  const prefs = useMailPreferences();
  const save = useSaveMailPreferences();
  // What the shopper just chose, shown at once (a controlled box would flip back until the save
  // re-renders it); cleared when the server has answered either way.
  const [chosen, setChosen] = useState<Partial<Record<MailTopic, boolean>>>({});
  if (prefs.isPending) return <p className="text-sm text-slate-500">{t("notifications.loading")}</p>;
  if (prefs.isError)
    return (
      <p role="alert" className="text-sm text-rose-700">
        {t("notifications.load_failed")}
      </p>
    );
  const toggle = (topic: MailTopic, email: boolean) => {
    setChosen((c) => ({ ...c, [topic]: email }));
    save.mutate(
      { [topic]: email },
      {
        onSuccess: () => toast.success(t("notifications.saved")),
        onError: () => toast.error(t("notifications.save_failed")),
        onSettled: () => setChosen(({ [topic]: _, ...rest }) => rest as Partial<Record<MailTopic, boolean>>),
      },
    );
  };
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <p className="mb-4 text-sm text-slate-600">{t("notifications.preferences_intro")}</p>
      <ul className="divide-y divide-slate-100">
        {prefs.data.preferences.map((p) => (
          <li key={p.topic} className="flex items-start justify-between gap-4 py-3">
            <label htmlFor={`mail-${p.topic}`} className="min-w-0">
              <span className="block font-medium text-slate-900">{t(`notifications.topic_${p.topic}`)}</span>
              {p.locked && <span className="block text-sm text-slate-500">{t("notifications.locked")}</span>}
            </label>
            <input
              id={`mail-${p.topic}`}
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-primary-600"
              checked={chosen[p.topic] ?? p.email}
              disabled={p.locked}
              onChange={(e) => toggle(p.topic, e.target.checked)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
