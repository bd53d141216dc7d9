import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { digitsOnly, PhoneCode, SelectField, TextField } from "../../ui/fields.tsx";
import { usePhoneLengths } from "../settings/index.ts";
import { useCountryOptions } from "./api.ts";

/** The form's input values (an optional field may be null or missing). */
type CountryPhone = { country?: string | null; phone_code?: string | null; phone?: string | null };

/**
 * Country chosen by name (which sets phone_code) and a digits-only phone with the settings'
 * length rules: the same pair in registration and the profile.
 */
export function CountryPhoneFields<T extends CountryPhone>({
  form: anyForm,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any context and any parsed values
  form: UseFormReturn<T, any, any>;
}) {
  // react-hook-form types are invariant in T; these three fields exist on every form given here.
  const form = anyForm as unknown as UseFormReturn<CountryPhone>;
  const { t } = useTranslation();
  const phoneLengths = usePhoneLengths();
  const countries = useCountryOptions();
  const { errors, isSubmitted } = form.formState;
  // phone_code has no input of its own: the country sets it. Once the form was submitted, setting it
  // checks it again, or its "required" error would outlive the country that fixed it.
  const country = form.register("country", {
    onChange: (e) => {
      const chosen = countries.find((c) => c.name === e.target.value);
      form.setValue("phone_code", chosen?.phone_code ?? "", { shouldValidate: isSubmitted, shouldDirty: true });
    },
  });
  const phone = form.register("phone");
  return (
    <>
      {/* The code comes from the country, so a problem with it is said there, once, beside the country's own. */}
      <SelectField label={t("auth.country")} error={errors.country?.message ?? errors.phone_code?.message} {...country}>
        <option value="">{t("auth.select_country")}</option>
        {countries.map((c) => (
          <option key={c.id} value={c.name}>
            {c.label}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("auth.phone")}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        minLength={phoneLengths.min}
        maxLength={phoneLengths.max}
        addon={<PhoneCode code={form.watch("phone_code") ?? ""} />}
        error={errors.phone?.message}
        {...phone}
        onChange={digitsOnly(phone.onChange)}
      />
    </>
  );
}
