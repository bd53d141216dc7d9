import type { AuthUser, ProfileUpdateBody } from "@market/contract";
import { PHOTO_MAX_BYTES, PHOTO_TYPES, profileUpdateBody } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError, callWithMessage } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { registerInOrder, showApiError } from "../../lib/show-api-error.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { PasswordField, SubmitButton } from "../../ui/fields.tsx";
import { ImageField, useImagePick } from "../../ui/image-field.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useWithPhoneLength } from "../settings/index.ts";
import { AccountFields } from "./account-fields.tsx";
import { authKeys, sessionUser, useCountries } from "./api.ts";
import { ForgotCurrentPassword } from "./forgot-current-password.tsx";

const FIELDS = ["name", "email", "country", "phone_code", "phone", "current_password"] as const;

/** Edit name, email, phone and country, and upload a profile photo with a preview. */
export function ProfileForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: countries = [] } = useCountries();
  const photo = useImagePick({
    types: PHOTO_TYPES,
    maxBytes: PHOTO_MAX_BYTES,
    badType: t("account.photo_bad_type"),
    tooLarge: t("account.photo_too_large"),
  });
  const form = useForm({
    resolver: useContractResolver(useWithPhoneLength(profileUpdateBody)),
    defaultValues: {
      name: user.name,
      email: user.email ?? "",
      phone: user.phone ?? "",
      country: user.country ?? "",
      phone_code: user.phone_code ?? "",
      current_password: "",
    },
  });
  registerInOrder(form.register, FIELDS);
  // A new email or phone takes the current password (the server checks it like a login).
  const [email, phone, phoneCode] = form.watch(["email", "phone", "phone_code"]);
  const contactChanged =
    (email ?? "").trim().toLowerCase() !== (user.email ?? "").toLowerCase() ||
    (phone ?? "").trim() !== (user.phone ?? "") ||
    (!!user.phone && (phoneCode ?? "") !== (user.phone_code ?? ""));

  // A select shows its value only once the options exist: set it again when the countries arrive.
  const hasCountries = countries.length > 0;
  useEffect(() => {
    if (hasCountries) form.setValue("country", form.getValues("country"));
  }, [hasCountries, form]);

  const save = useMutation({
    mutationFn: (v: ProfileUpdateBody) => {
      const form = new FormData();
      // Parsed values: trimmed, and null for a blank optional field (sent blank).
      for (const key of FIELDS) form.set(key, v[key] ?? "");
      if (!contactChanged) form.delete("current_password");
      if (photo.file) form.set("profile_photo", photo.file);
      return callWithMessage("POST /profile", { form });
    },
    onSuccess: (res) => {
      const updated = res.data.user;
      queryClient.setQueryData(authKeys.profile, updated);
      // The sidebar and the user menu show the new name and photo at once.
      useAuthStore.getState().setUser(sessionUser(updated));
      photo.clear();
      form.reset({
        ...form.getValues(),
        email: updated.email ?? "",
        phone: updated.phone ?? "",
        phone_code: updated.phone_code ?? "",
        current_password: "",
      });
      toast.success(res.message, SUCCESS_TOAST);
    },
    onError: (e) => {
      showApiError(e, form.setError, FIELDS);
      photo.setError(e instanceof ApiError ? e.fieldError("profile_photo") : undefined);
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => {
        if (contactChanged && !v.current_password) {
          form.setError("current_password", { message: t("auth.current_password_required") }, { shouldFocus: true });
          return;
        }
        save.mutate(v);
      })}
      className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <ImageField
        image={photo}
        button={t("account.change_photo")}
        hint={t("account.photo_hint")}
        previewAlt={t("account.photo_preview")}
        previewClassName="size-20 rounded-full"
        placeholder={<Avatar name={user.name} photo={user.profile_photo} className="size-20 text-2xl" />}
      />
      <AccountFields form={form} nameLabel={t("auth.name")} />
      {contactChanged && (
        <div className="sm:max-w-[calc(50%-0.5rem)]">
          <PasswordField
            label={t("auth.current_password")}
            autoComplete="current-password"
            error={form.formState.errors.current_password?.message}
            {...form.register("current_password")}
          />
          {!form.formState.errors.current_password && (
            <p className="mt-1 text-xs text-slate-500">{t("auth.current_password_hint")}</p>
          )}
          <div className="mt-2">
            <ForgotCurrentPassword />
          </div>
        </div>
      )}
      <SubmitButton busy={save.isPending} className="sm:w-auto sm:px-8">
        {t("account.save_changes")}
      </SubmitButton>
    </form>
  );
}
