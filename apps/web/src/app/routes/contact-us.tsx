import { useTranslation } from "react-i18next";
import { ContactForm, PageView } from "../../features/content/index.ts";

export const handle = { title: "content.contact_us" };

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 sm:py-14 lg:grid-cols-[1fr_1.1fr]">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
        <PageView slug="contact-us" />
      </div>
      <section aria-labelledby="contact-form-title" className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
        <h2 id="contact-form-title" className="mb-5 text-xl font-semibold text-slate-900">
          {t("content.send_us_a_message")}
        </h2>
        <ContactForm />
      </section>
    </div>
  );
}
