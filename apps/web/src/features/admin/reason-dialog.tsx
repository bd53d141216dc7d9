import { shopReasonBody } from "@market/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { FieldError, inputClass } from "../../ui/fields.tsx";

type Reason = z.input<typeof shopReasonBody>;

/**
 * Asks the admin why (a rejection, a suspension, an unpublished product): the reason is required
 * and told to the person it concerns. `onSubmit` runs the call; its field error shows under the field.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const id = useId();
  // Both reasons (shops, products) share the contract's rule: required text, at most 500 characters.
  const form = useForm<Reason, unknown, z.output<typeof shopReasonBody>>({
    resolver: useContractResolver(shopReasonBody),
    defaultValues: { reason: "" },
  });
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onSubmit(reason);
      form.reset();
      onOpenChange(false);
    } catch (e) {
      showApiError(e, form.setError, ["reason"]);
    }
  });
  const error = form.formState.errors.reason?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t("admin.reason")}
          </label>
          <textarea
            id={id}
            rows={3}
            className={inputClass}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register("reason")}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="outline" size="sm" weight="medium" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            variant="danger"
            size="sm-wide"
            weight="medium"
            disabled={form.formState.isSubmitting}
            className="disabled:opacity-60"
          >
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
