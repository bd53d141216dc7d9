import type { AuthUser, UserData } from "@market/contract";
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiError, apiRequest } from "../../api/client.ts";
import { authKeys, SUCCESS_TOAST, sessionUser, showApiError, useCountries } from "./api.ts";
import { useAuthStore } from "./auth-store.ts";
import { Avatar } from "./avatar.tsx";
import { CountryPhoneFields } from "./country-phone-fields.tsx";
import { FieldError, SubmitButton, TextField } from "./fields.tsx";

type ProfileForm = { name: string; email: string; phone: string; country: string; phone_code: string };
const FIELDS = ["name", "email", "phone", "country", "phone_code"] as const;

/** The photo rules of the server, checked before uploading (the server checks the content again). */
export function photoProblem(file: File): "type" | "size" | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return "type";
  if (file.size > PHOTO_MAX_BYTES) return "size";
  return null;
}

/** Edit name, email, phone and country, and upload a profile photo with a preview. */
export function ProfileForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: countries = [] } = useCountries();
  const photoId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  const form = useForm<ProfileForm>({
    defaultValues: {
      name: user.name,
      email: user.email ?? "",
      phone: user.phone ?? "",
      country: user.country ?? "",
      phone_code: user.phone_code ?? "",
    },
  });
  const { errors } = form.formState;

  // A select shows its value only once the options exist: set it again when the countries arrive.
  const hasCountries = countries.length > 0;
  useEffect(() => {
    if (hasCountries) form.setValue("country", form.getValues("country"));
  }, [hasCountries, form]);

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const save = useMutation({
    mutationFn: (v: ProfileForm) => {
      const body = new FormData();
      for (const key of FIELDS) body.set(key, v[key].trim());
      if (photo) body.set("profile_photo", photo);
      return apiRequest<UserData>("POST", "/profile", { body });
    },
    onSuccess: (res) => {
      const updated = res.data.user;
      queryClient.setQueryData(authKeys.profile, updated);
      // The sidebar and the user menu show the new name and photo at once.
      useAuthStore.getState().setUser(sessionUser(updated));
      setPhoto(null);
      toast.success(res.message, SUCCESS_TOAST);
    },
    onError: (e) => {
      showApiError(e, form.setError, FIELDS);
      setPhotoError(e instanceof ApiError ? e.fieldError("profile_photo") : undefined);
    },
  });

  const choosePhoto = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    e.target.value = "";
    if (!file) return;
    const problem = photoProblem(file);
    setPhotoError(
      problem === "type" ? t("account.photo_bad_type") : problem === "size" ? t("account.photo_too_large") : undefined,
    );
    setPhoto(problem ? null : file);
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-4">
        {preview ? (
          <img src={preview} alt={t("account.photo_preview")} className="size-20 rounded-full object-cover" />
        ) : (
          <Avatar name={user.name} photo={user.profile_photo} className="size-20 text-2xl" />
        )}
        <div>
          <label
            htmlFor={photoId}
            className="inline-flex cursor-pointer rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-primary-200"
          >
            {t("account.change_photo")}
            <input
              id={photoId}
              type="file"
              accept={PHOTO_TYPES.join(",")}
              onChange={choosePhoto}
              className="sr-only"
              aria-describedby={`${photoId}-hint`}
            />
          </label>
          <p id={`${photoId}-hint`} className="mt-1 text-xs text-slate-500">
            {t("account.photo_hint")}
          </p>
          <FieldError message={photoError} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t("auth.name")} autoComplete="name" error={errors.name?.message} {...form.register("name")} />
        <TextField
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <CountryPhoneFields form={form} />
      </div>
      <SubmitButton busy={save.isPending} className="sm:w-auto sm:px-8">
        {t("account.save_changes")}
      </SubmitButton>
    </form>
  );
}
