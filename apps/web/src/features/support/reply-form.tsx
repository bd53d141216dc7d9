import { TICKET_MESSAGE_MAX, ticketReplyBody } from "@market/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { SubmitButton, TextAreaField } from "../../ui/fields.tsx";
import { AttachmentsField } from "./attachments-field.tsx";

/** The part of a reply mutation this form uses; the shopper's and the admin's answer different shapes. */
type SendReply = {
  mutate: (body: FormData, callbacks: { onSuccess: () => void; onError: (e: Error) => void }) => void;
  isPending: boolean;
};

type Props = { send: SendReply; placeholder?: string };

/** A message with optional files, sent by the given mutation (the shopper's or the admin's). */
export function ReplyForm({ send, placeholder }: Props) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const form = useForm({ resolver: useContractResolver(ticketReplyBody), defaultValues: { message: "" } });
  const submit = form.handleSubmit((v) => {
    setFilesError(undefined);
    const body = new FormData();
    body.set("message", v.message);
    for (const f of files) body.append("attachments[]", f);
    send.mutate(body, {
      onSuccess: () => {
        form.reset({ message: "" });
        setFiles([]);
      },
      onError: (e) => {
        showApiError(e, form.setError, ["message"]);
        if (e instanceof ApiError) setFilesError(e.fieldError("attachments"));
      },
    });
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <TextAreaField
        label={t("support.reply")}
        placeholder={placeholder ?? t("support.reply_placeholder")}
        maxLength={TICKET_MESSAGE_MAX}
        error={form.formState.errors.message?.message}
        {...form.register("message")}
      />
      <AttachmentsField files={files} onChange={setFiles} error={filesError} />
      <SubmitButton busy={send.isPending} className="sm:w-auto sm:px-8">
        {t("support.send_reply")}
      </SubmitButton>
    </form>
  );
}
