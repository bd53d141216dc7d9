import {
  DISCOUNT_TYPES,
  MARKETING_LIMITS,
  type SellerVoucher,
  type VoucherBody,
  type VoucherInput,
  voucherBody,
} from "@market/contract";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { SelectField, SubmitButton, TextField } from "../../ui/fields.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { toLocalInput } from "./dates.ts";
import { useSaveVoucher } from "./queries.ts";

const FIELDS = [
  "code",
  "discount_type",
  "discount",
  "min_order_amount",
  "max_discount",
  "start_date",
  "end_date",
  "usage_limit",
] as const;

const DAY_MS = 86_400_000;

/** An empty optional number is "none" (null), as the contract reads it. */
const optionalNumber = (v: unknown) => (v === "" || v == null ? null : Number(v));

function valuesOf(v: SellerVoucher | null): VoucherBody {
  if (!v) {
    const now = Date.now();
    return {
      code: "",
      discount_type: "Percentage",
      discount: 10,
      min_order_amount: 0,
      max_discount: null,
      start_date: toLocalInput(new Date(now).toISOString()),
      end_date: toLocalInput(new Date(now + 30 * DAY_MS).toISOString()),
      usage_limit: null,
    };
  }
  return {
    code: v.code,
    discount_type: v.discount_type,
    discount: v.discount,
    min_order_amount: v.min_order_amount,
    max_discount: v.max_discount,
    start_date: toLocalInput(v.start_date),
    end_date: toLocalInput(v.end_date),
    usage_limit: v.usage_limit,
  };
}

/** Create (no voucher) or edit a voucher; the contract's schema checks it here and on the server. */
export function VoucherForm({ voucher, onDone }: { voucher: SellerVoucher | null; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<VoucherBody, unknown, VoucherInput>({
    resolver: useContractResolver(voucherBody),
    defaultValues: valuesOf(voucher),
  });
  const save = useSaveVoucher(voucher?.id ?? null);
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: "discount_type" });

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast.success(
          t(voucher ? "seller_marketing.voucher_saved" : "seller_marketing.voucher_created"),
          SUCCESS_TOAST,
        );
        onDone();
      },
      onError: (e) => showApiError(e, form.setError, FIELDS),
    }),
  );
  const typeField = form.register("discount_type", {
    onChange: (e: { target: { value: string } }) => {
      if (e.target.value !== "Percentage") form.setValue("max_discount", null);
    },
  });

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4" data-testid="voucher-form">
      <div>
        <TextField
          label={t("seller_marketing.code")}
          maxLength={MARKETING_LIMITS.code}
          autoCapitalize="characters"
          autoComplete="off"
          dir="ltr"
          readOnly={voucher?.code_locked}
          error={errors.code?.message}
          {...form.register("code")}
        />
        <p className="mt-1 text-xs text-slate-500">
          {t(voucher?.code_locked ? "seller_marketing.code_locked_hint" : "seller_marketing.code_hint")}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label={t("seller_marketing.discount_type")} error={errors.discount_type?.message} {...typeField}>
          {DISCOUNT_TYPES.map((d) => (
            <option key={d} value={d}>
              {t(d === "Percentage" ? "seller_marketing.type_percentage" : "seller_marketing.type_fixed")}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t(type === "Percentage" ? "seller_marketing.discount_percent" : "seller_marketing.discount_amount")}
          type="number"
          step="0.01"
          min={0}
          inputMode="decimal"
          error={errors.discount?.message}
          {...form.register("discount", { valueAsNumber: true })}
        />
        <TextField
          label={t("seller_marketing.min_order_amount")}
          type="number"
          step="0.01"
          min={0}
          inputMode="decimal"
          error={errors.min_order_amount?.message}
          {...form.register("min_order_amount", { valueAsNumber: true })}
        />
        {type === "Percentage" && (
          <TextField
            label={`${t("seller_marketing.max_discount")} (${t("seller_marketing.optional")})`}
            type="number"
            step="0.01"
            min={0}
            inputMode="decimal"
            error={errors.max_discount?.message}
            {...form.register("max_discount", { setValueAs: optionalNumber })}
          />
        )}
        <TextField
          label={t("seller_marketing.start_date")}
          type="datetime-local"
          error={errors.start_date?.message}
          {...form.register("start_date")}
        />
        <TextField
          label={t("seller_marketing.end_date")}
          type="datetime-local"
          error={errors.end_date?.message}
          {...form.register("end_date")}
        />
      </div>
      <div>
        <TextField
          label={`${t("seller_marketing.usage_limit")} (${t("seller_marketing.optional")})`}
          type="number"
          step="1"
          min={voucher?.used_count || 1}
          inputMode="numeric"
          error={errors.usage_limit?.message}
          {...form.register("usage_limit", { setValueAs: optionalNumber })}
        />
        <p className="mt-1 text-xs text-slate-500">{t("seller_marketing.usage_limit_hint")}</p>
      </div>
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">{t("seller_marketing.one_use_note")}</p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" size="md" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <SubmitButton busy={save.isPending} className="sm:w-auto sm:px-6">
          {t(voucher ? "seller_marketing.save" : "seller_marketing.create_voucher")}
        </SubmitButton>
      </div>
    </form>
  );
}
