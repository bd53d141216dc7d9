import { type ContactUs, contactUs } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError, callWithMessage } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { Button } from "../../ui/button.tsx";
import { toast } from "../../ui/toast.ts";

const fields = ["name", "email", "subject"] as const;

export function ContactForm() {
  const { t } = useTranslation();
  const form = useForm<ContactUs>({
    resolver: useContractResolver(contactUs),
    defaultValues: { name: "", email: "", subject: "", message: "" },
  });
  const send = useMutation({
    mutationFn: (body: ContactUs) => callWithMessage("POST /contact-us", { body }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      form.reset();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.errors)) {
          if (field in form.getValues())
            form.setError(field as keyof ContactUs, { type: "server", message: messages[0] });
        }
        toast.error(error.message);
      } else toast.error(t("common.something_went_wrong"));
    },
  });
  const { errors } = form.formState;
  const input =
    "mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-100";
  const border = (bad: boolean) => (bad ? "border-red-400" : "border-slate-300");

  return (
    <form noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))} className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {fields.map((name) => (
          <div key={name} className={name === "subject" ? "sm:col-span-2" : undefined}>
            <label htmlFor={`contact-${name}`} className="text-sm font-medium text-slate-700">
              {t(`content.${name}`)}
            </label>
            <input
              id={`contact-${name}`}
              type={name === "email" ? "email" : "text"}
              autoComplete={name === "subject" ? "off" : name}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `contact-${name}-error` : undefined}
              className={`${input} ${border(!!errors[name])}`}
              {...form.register(name)}
            />
            {errors[name] && (
              <p id={`contact-${name}-error`} className="mt-1 text-xs text-red-600">
                {errors[name].message}
              </p>
            )}
          </div>
        ))}
      </div>
      <div>
        <label htmlFor="contact-message" className="text-sm font-medium text-slate-700">
          {t("content.message")}
        </label>
        <textarea
          id="contact-message"
          rows={5}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? "contact-message-error" : undefined}
          className={`${input} ${border(!!errors.message)} resize-y`}
          {...form.register("message")}
        />
        {errors.message && (
          <p id="contact-message-error" className="mt-1 text-xs text-red-600">
            {errors.message.message}
          </p>
        )}
      </div>
      <Button
        type="submit"
        disabled={send.isPending}
        size="xl"
        className="inline-flex items-center disabled:opacity-60"
      >
        {send.isPending ? t("content.sending") : t("content.send_message")}
      </Button>
    </form>
  );
}
