import type { Address, AddressRequest, AddressType } from "@market/contract";
import { ADDRESS_TYPES, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from "@market/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast.ts";
import { SUCCESS_TOAST, showApiError } from "../auth/api.ts";
import { digitsOnly, SubmitButton, TextField } from "../auth/fields.tsx";
import { useMaster } from "../settings/use-master.ts";
import { useSaveAddress } from "./queries.ts";

type Values = {
  name: string;
  phone: string;
  address_type: AddressType;
  address_line: string;
  address_line2: string;
  area: string;
  flat_no: string;
  post_code: string;
  is_default: boolean;
};

const FIELDS = [
  "name",
  "phone",
  "address_type",
  "address_line",
  "address_line2",
  "area",
  "flat_no",
  "post_code",
  "is_default",
] as const;

/** The contract's length bounds; the inputs stop typing there and the server checks again. */
const MAX = { name: 100, address_line: 255, address_line2: 255, area: 100, flat_no: 50, post_code: 20 } as const;

const valuesOf = (a?: Address): Values => ({
  name: a?.name ?? "",
  phone: a?.phone ?? "",
  address_type: a?.address_type ?? "home",
  address_line: a?.address_line ?? "",
  address_line2: a?.address_line2 ?? "",
  area: a?.area ?? "",
  flat_no: a?.flat_no ?? "",
  post_code: a?.post_code ?? "",
  is_default: a?.is_default ?? false,
});

type Props = {
  /** the address being edited; none for a new one */
  address?: Address;
  onSaved: (address: Address) => void;
  onCancel?: () => void;
};

/** Name, phone (lengths from the settings), type, address lines, area, flat, post code, default. */
export function AddressForm({ address, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const save = useSaveAddress();
  const form = useForm<Values>({ defaultValues: valuesOf(address) });
  const { errors } = form.formState;
  const phoneMin = master?.phone_min_length ?? PHONE_MIN_LENGTH;
  const phoneMax = master?.phone_max_length ?? PHONE_MAX_LENGTH;
  const required = { value: true, message: t("orders.field_required") };
  const phone = form.register("phone", {
    required,
    pattern: { value: /^\d+$/, message: t("orders.phone_digits") },
    minLength: { value: phoneMin, message: t("orders.phone_length", { min: phoneMin, max: phoneMax }) },
    maxLength: { value: phoneMax, message: t("orders.phone_length", { min: phoneMin, max: phoneMax }) },
  });

  const submit = form.handleSubmit((v) => {
    const body: AddressRequest = {
      ...v,
      address_line2: v.address_line2 || null,
      area: v.area || null,
      flat_no: v.flat_no || null,
      post_code: v.post_code || null,
      latitude: address?.latitude ?? null,
      longitude: address?.longitude ?? null,
    };
    save.mutate(
      { id: address?.id, body },
      {
        onSuccess: (res) => {
          toast.success(res.message || t("orders.address_saved"), SUCCESS_TOAST);
          onSaved(res.data.address);
        },
        onError: (e) => showApiError(e, form.setError, FIELDS),
      },
    );
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("orders.full_name")}
          autoComplete="name"
          maxLength={MAX.name}
          error={errors.name?.message}
          {...form.register("name", { required })}
        />
        <TextField
          label={t("orders.phone")}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          dir="ltr"
          minLength={phoneMin}
          maxLength={phoneMax}
          error={errors.phone?.message}
          {...phone}
          onChange={digitsOnly(phone.onChange)}
        />
      </div>
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-slate-700">{t("orders.address_type")}</legend>
        <div className="flex flex-wrap gap-2">
          {ADDRESS_TYPES.map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50 has-[:checked]:text-primary-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-200"
            >
              <input type="radio" value={type} className="accent-primary-600" {...form.register("address_type")} />
              {t(`orders.type_${type}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t("orders.address_line")}
        autoComplete="address-line1"
        maxLength={MAX.address_line}
        error={errors.address_line?.message}
        {...form.register("address_line", { required })}
      />
      <TextField
        label={t("orders.address_line2")}
        autoComplete="address-line2"
        maxLength={MAX.address_line2}
        error={errors.address_line2?.message}
        {...form.register("address_line2")}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t("orders.area")}
          autoComplete="address-level2"
          maxLength={MAX.area}
          error={errors.area?.message}
          {...form.register("area")}
        />
        <TextField
          label={t("orders.flat_no")}
          maxLength={MAX.flat_no}
          error={errors.flat_no?.message}
          {...form.register("flat_no")}
        />
        <TextField
          label={t("orders.post_code")}
          autoComplete="postal-code"
          maxLength={MAX.post_code}
          error={errors.post_code?.message}
          {...form.register("post_code")}
        />
      </div>
      {!address?.is_default && (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-primary-600" {...form.register("is_default")} />
          {t("orders.make_default")}
        </label>
      )}
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            {t("common.cancel")}
          </button>
        )}
        <SubmitButton busy={save.isPending} className="sm:w-auto sm:px-8">
          {t("orders.save_address")}
        </SubmitButton>
      </div>
    </form>
  );
}
