import type { TFunction } from "i18next";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { FieldError, inputClass } from "../../ui/fields.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { type MoveTo, useCategoryTargets, useDeleteCategory } from "./queries.ts";

/** The category or sub-category being deleted, how many products it holds, and the sub-categories deleted with it. */
export type Deleting = { id: number; sub: boolean; name: string; count: number; categoryId: number; subs: string[] };

/** A delete dialog's text, naming the sub-categories that go with the category. */
export function deleteText(t: TFunction, lead: string, subs: string[], language: string): string {
  if (subs.length === 0) return lead;
  const names = new Intl.ListFormat(language, { type: "conjunction" }).format(subs);
  return `${lead} ${t("admin_catalog.deletes_subs", { names })}`;
}

/**
 * Deleting a category or sub-category that holds products: it says how many, and moves them to
 * another category or sub-category, then deletes (one step on the server).
 */
export function MoveProductsDialog({ target, onClose }: { target: Deleting; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState("");
  const [error, setError] = useState<string>();
  const targets = useCategoryTargets(true);
  const remove = useDeleteCategory();

  const options = (targets.data?.data ?? []).flatMap((c) => {
    // A category cannot take its own products, nor its sub-categories theirs.
    if (!target.sub && c.id === target.id) return [];
    return [
      { value: `c:${c.id}`, label: c.name, group: c.name },
      ...c.sub_categories
        .filter((s) => !(target.sub && s.id === target.id))
        .map((s) => ({ value: `s:${s.id}`, label: `${c.name} › ${s.name}`, group: c.name })),
    ];
  });

  const confirm = () => {
    if (!choice) return setError(t("admin_catalog.choose_target"));
    const [kind, raw] = choice.split(":");
    const moveTo: MoveTo = kind === "s" ? { move_to_sub_category: Number(raw) } : { move_to_category: Number(raw) };
    remove.mutate(
      { id: target.id, sub: target.sub, moveTo },
      {
        onSuccess: ({ message }) => {
          toast.success(message, SUCCESS_TOAST);
          onClose();
        },
        onError: (e) => showApiError(e),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("admin_catalog.delete_named", { name: target.name })}
      description={deleteText(
        t,
        t(target.sub ? "admin_catalog.sub_holds_products" : "admin_catalog.holds_products", { count: target.count }),
        target.subs,
        i18n.language,
      )}
    >
      <div className="mt-4 space-y-4" data-testid="move-products">
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t("admin_catalog.move_products_to")}
          </label>
          <select
            id={id}
            className={inputClass}
            value={choice}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setChoice(e.target.value);
              setError(undefined);
            }}
          >
            <option value="">{t("admin_catalog.choose_category")}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <FieldError message={error} />
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" size="sm" weight="medium" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button
            variant="danger"
            size="sm-wide"
            weight="medium"
            onClick={confirm}
            disabled={remove.isPending}
            aria-busy={remove.isPending || undefined}
          >
            {t("admin_catalog.move_and_delete")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
