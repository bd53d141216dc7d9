import type { TicketDetails } from "@market/contract";
import { supportTicketBody, TICKET_MESSAGE_MAX, TICKET_ORDER_NUMBER_MAX, TICKET_SUBJECT_MAX } from "@market/contract";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { phoneCharsOnly, SelectField, SubmitButton, TextAreaField, TextField } from "../../ui/fields.tsx";
import { phoneInOnePiece } from "../../ui/phone-link.tsx";
import { useProfile } from "../auth/index.ts";
import { useCreateTicket, useIssueTypes } from "./api.ts";
import { AttachmentsField } from "./attachments-field.tsx";

const FIELDS = ["issue_type", "subject", "message", "email", "phone", "order_number"] as const;

/** The new-ticket form: issue type, subject, message, contact, an optional order and files. */
export function NewTicketForm({
  onCreated,
  onCancel,
}: {
  onCreated: (ticket: TicketDetails) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { data: issueTypes = [] } = useIssueTypes();
  const { data: profile } = useProfile();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const form = useForm({
    resolver: useContractResolver(supportTicketBody),
    defaultValues: { issue_type: "", subject: "", message: "", email: "", phone: "", order_number: "" },
  });
  const { errors } = form.formState;
  // Opened by "New ticket" (which leaves with it), the form takes the keyboard at its first field.
  useEffect(() => form.setFocus("issue_type"), [form]);

  // The contact fields start from the account's own email and phone, the phone with its code so
  // support can call back from anywhere.
  useEffect(() => {
    if (!profile) return;
    if (!form.getValues("email")) form.setValue("email", profile.email ?? "");
    if (!form.getValues("phone") && profile.phone)
      form.setValue("phone", phoneInOnePiece({ phone: profile.phone, phone_code: profile.phone_code }));
  }, [profile, form]);

  const create = useCreateTicket(onCreated);
  const submit = form.handleSubmit((v) => {
    setFilesError(undefined);
    const body = new FormData();
    // Parsed values: trimmed, the issue type a number, a blank optional field null (sent blank).
    for (const key of FIELDS) body.set(key, String(v[key] ?? ""));
    for (const f of files) body.append("attachments[]", f);
    create.mutate(body, {
      onError: (e) => {
        showApiError(e, form.setError, FIELDS);
        if (e instanceof ApiError) setFilesError(e.fieldError("attachments"));
      },
    });
  });
  const phone = form.register("phone");

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby="new-ticket-title">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label={t("support.issue_type")}
          error={errors.issue_type?.message}
          {...form.register("issue_type")}
        >
          <option value="">{t("support.select_issue_type")}</option>
          {issueTypes.map((it) => (
            <option key={it.id} value={it.id}>
              {it.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("support.order_number")}
          placeholder="#AB123456"
          maxLength={TICKET_ORDER_NUMBER_MAX}
          error={errors.order_number?.message}
          dir="ltr"
          {...form.register("order_number")}
        />
      </div>
      <TextField
        label={t("support.subject")}
        placeholder={t("support.subject_placeholder")}
        maxLength={TICKET_SUBJECT_MAX}
        error={errors.subject?.message}
        {...form.register("subject")}
      />
      <TextAreaField
        label={t("support.message")}
        placeholder={t("support.message_placeholder")}
        maxLength={TICKET_MESSAGE_MAX}
        rows={5}
        error={errors.message?.message}
        {...form.register("message")}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t("support.email")}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label={t("support.phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          error={errors.phone?.message}
          {...phone}
          onChange={phoneCharsOnly(phone.onChange)}
        />
      </div>
      <AttachmentsField files={files} onChange={setFiles} error={filesError} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={create.isPending} className="sm:w-auto sm:px-8">
          {t("support.submit")}
        </SubmitButton>
        <Button type="button" onClick={onCancel} variant="outline" size="lg">
          {t("support.cancel")}
        </Button>
      </div>
    </form>
  );
}
