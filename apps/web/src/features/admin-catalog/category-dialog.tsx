import {
  type AdminCategory,
  type AdminCategoryBody,
  type AdminSubCategory,
  adminCategoryBody,
  CATALOG_IMAGE_MAX_BYTES,
  type Language,
} from "@market/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { SubmitButton, TextField } from "../../ui/fields.tsx";
import { ImageField, useImagePick } from "../../ui/image-field.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { NameTabs, translationValues } from "./name-tabs.tsx";
import { useCategoryImage, useSaveCategory, useSaveSubCategory } from "./queries.ts";

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** What the dialog edits: a new or existing category, or a new or existing sub-category of `parent`. */
export type CategoryEdit =
  | { kind: "category"; record?: AdminCategory }
  | { kind: "sub"; parent: AdminCategory; record?: AdminSubCategory };

/** Add or edit a category or sub-category: its name per language, its place and its image. */
export function CategoryDialog({
  edit,
  languages,
  onClose,
}: {
  edit: CategoryEdit;
  languages: Language[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const saveCategory = useSaveCategory();
  const saveSub = useSaveSubCategory();
  const uploadImage = useCategoryImage();
  const record = edit.record;
  const form = useForm({
    resolver: useContractResolver(adminCategoryBody),
    defaultValues: {
      name: record?.name ?? "",
      translations: translationValues(languages, record?.translations),
      sort: record?.sort,
    } as AdminCategoryBody,
  });
  const { errors, isSubmitting } = form.formState;
  const image = useImagePick({
    types: IMAGE_TYPES,
    maxBytes: CATALOG_IMAGE_MAX_BYTES,
    badType: t("admin_catalog.image_bad_type"),
    tooLarge: t("admin_catalog.image_too_large"),
  });
  const sub = edit.kind === "sub";

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved =
        edit.kind === "sub"
          ? await saveSub.mutateAsync({ id: record?.id, categoryId: edit.parent.id, body })
          : await saveCategory.mutateAsync({ id: record?.id, body });
      if (image.file) await uploadImage.mutateAsync({ id: saved.data.id, sub, file: image.file });
      toast.success(saved.message, SUCCESS_TOAST);
      onClose();
    } catch (e) {
      showApiError(e, form.setError, ["name", "sort"]);
    }
  });

  const title = sub
    ? record
      ? t("admin_catalog.edit_sub_category")
      : t("admin_catalog.add_sub_category_to", { name: edit.parent.name })
    : record
      ? t("admin_catalog.edit_category")
      : t("admin_catalog.add_category");

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4" data-testid="category-form">
        <NameTabs languages={languages} register={form.register} errors={errors} />
        <TextField
          type="number"
          inputMode="numeric"
          min={0}
          label={t("admin_catalog.sort")}
          placeholder={t("admin_catalog.sort_last")}
          error={errors.sort?.message}
          {...form.register("sort", { setValueAs: (v) => (v === "" || v == null ? undefined : Number(v)) })}
        />
        <ImageField
          image={image}
          label={t("admin_catalog.image")}
          button={t("admin_catalog.choose_image")}
          hint={t("admin_catalog.image_hint")}
          previewAlt={t("admin_catalog.image")}
          previewClassName="size-16 rounded-xl"
          placeholder={
            record ? (
              <img src={record.thumbnail} alt="" className="size-16 rounded-xl bg-slate-100 object-cover" />
            ) : (
              <span className="size-16 rounded-xl bg-slate-100" />
            )
          }
        />
        <SubmitButton busy={isSubmitting}>{t("admin_catalog.save")}</SubmitButton>
      </form>
    </Dialog>
  );
}
