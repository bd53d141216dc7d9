import type { SellerBulkBody } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { SelectField } from "../../ui/fields.tsx";
import { useBulkAction, useProductOptions } from "./queries.ts";

export type BulkResult = { changed: number; skipped: { id: number; name: string; reason: string }[] };

type Props = {
  ids: number[];
  /** the selected products' names, to say which were skipped */
  names: Map<number, string>;
  onDone: (result: BulkResult) => void;
};

/** What to do with the selected products: publish, unpublish, change category, delete (after a question). */
export function BulkActionBar({ ids, names, onDone }: Props) {
  const { t } = useTranslation();
  const bulk = useBulkAction();
  const [asking, setAsking] = useState<"delete" | "category" | null>(null);

  const run = (body: Omit<SellerBulkBody, "ids">) =>
    bulk.mutate({ ...body, ids } as SellerBulkBody, {
      onSuccess: ({ data }) => {
        setAsking(null);
        onDone({
          changed: data.changed,
          skipped: data.skipped.map((s) => ({ ...s, name: names.get(s.id) ?? `#${s.id}` })),
        });
      },
      onError: (e) => showApiError(e),
    });

  return (
    <section
      aria-label={t("seller_products.bulk_actions")}
      className="sticky top-0 z-10 mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-primary-200 bg-primary-50 px-3 py-2"
    >
      <span className="me-auto text-sm font-medium text-primary-900">
        {t("seller_products.selected_count", { count: ids.length })}
      </span>
      <Button size="xs" disabled={bulk.isPending} onClick={() => run({ action: "publish" })}>
        {t("seller_products.publish")}
      </Button>
      <Button
        size="xs"
        variant="outline"
        className="bg-white"
        disabled={bulk.isPending}
        onClick={() => run({ action: "unpublish" })}
      >
        {t("seller_products.unpublish")}
      </Button>
      <Button
        size="xs"
        variant="outline"
        className="bg-white"
        disabled={bulk.isPending}
        onClick={() => setAsking("category")}
      >
        {t("seller_products.change_category")}
      </Button>
      <Button size="xs" variant="danger-outline" disabled={bulk.isPending} onClick={() => setAsking("delete")}>
        {t("seller_products.delete")}
      </Button>
      <ConfirmDialog
        open={asking === "delete"}
        onOpenChange={(open) => setAsking(open ? "delete" : null)}
        title={t("seller_products.delete_title", { count: ids.length })}
        description={t("seller_products.delete_text")}
        confirmLabel={t("seller_products.delete")}
        tone="danger"
        busy={bulk.isPending}
        onConfirm={() => run({ action: "delete" })}
      />
      <CategoryDialog
        open={asking === "category"}
        onOpenChange={(open) => setAsking(open ? "category" : null)}
        busy={bulk.isPending}
        onChoose={(category_id, sub_category_id) => run({ action: "category", category_id, sub_category_id })}
      />
    </section>
  );
}

type CategoryDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onChoose: (categoryId: number, subCategoryId: number | null) => void;
};

function CategoryDialog({ open, onOpenChange, busy, onChoose }: CategoryDialogProps) {
  const { t } = useTranslation();
  const options = useProductOptions();
  const [category, setCategory] = useState(0);
  const [sub, setSub] = useState(0);
  const [error, setError] = useState<string>();
  const subs = options.data?.categories.find((c) => c.id === category)?.sub_categories ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("seller_products.change_category")}>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!category) return setError(t("seller_products.choose_category"));
          onChoose(category, sub || null);
        }}
      >
        <SelectField
          label={t("seller_products.category")}
          value={category}
          error={error}
          onChange={(e) => {
            setCategory(Number(e.target.value));
            setSub(0);
            setError(undefined);
          }}
        >
          <option value={0}>{t("seller_products.choose")}</option>
          {options.data?.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("seller_products.sub_category")}
          value={sub}
          disabled={subs.length === 0}
          onChange={(e) => setSub(Number(e.target.value))}
        >
          <option value={0}>{t("seller_products.none")}</option>
          {subs.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <div className="flex justify-end gap-3">
          <Button variant="outline" size="sm" weight="medium" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            size="sm-wide"
            disabled={busy}
            aria-busy={busy || undefined}
            className="disabled:opacity-60"
          >
            {t("seller_products.apply")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** What the last bulk action did: how many products changed, and the skipped ones with their reason. */
export function BulkResultNote({ result, onClose }: { result: BulkResult; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="mb-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm"
      data-testid="bulk-result"
    >
      <div className="flex items-start gap-3">
        <p className="me-auto font-medium text-slate-900">
          {t("seller_products.changed_count", { count: result.changed })}
        </p>
        <button type="button" onClick={onClose} className="text-xs font-semibold text-primary-700 hover:underline">
          {t("seller_products.dismiss")}
        </button>
      </div>
      {result.skipped.length > 0 && (
        <>
          <p className="mt-2 text-amber-800">{t("seller_products.skipped_count", { count: result.skipped.length })}</p>
          <ul className="mt-1 list-disc space-y-0.5 ps-5 text-slate-700">
            {result.skipped.map((s) => (
              <li key={s.id}>
                <span className="font-medium">{s.name}</span>: {s.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
