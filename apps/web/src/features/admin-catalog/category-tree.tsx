import type { AdminCategory, AdminSubCategory } from "@market/contract";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { handOffNear, useFocusHandOff, useFocusOnMove } from "../../ui/focus-return.ts";
import { ChevronDownIcon, TrashIcon } from "../../ui/icons.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useMaster } from "../settings/index.ts";
import { CategoryDialog, type CategoryEdit } from "./category-dialog.tsx";
import { type Deleting, deleteText, MoveProductsDialog } from "./move-dialog.tsx";
import { CATEGORIES_PER_PAGE, useAdminCategories, useDeleteCategory, useMoveCategory } from "./queries.ts";

/** The admin's category tree: categories with their sub-categories, their order, names, images, deletes. */
export function CategoryManager() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { data, isError, refetch } = useAdminCategories(page);
  const { data: master } = useMaster();
  const [edit, setEdit] = useState<CategoryEdit | null>(null);
  const [confirming, setConfirming] = useState<Deleting | null>(null);
  const [moving, setMoving] = useState<Deleting | null>(null);
  const remove = useDeleteCategory();

  const askDelete = (d: Deleting) => (d.count > 0 ? setMoving(d) : setConfirming(d));
  const deleteNow = (d: Deleting) =>
    remove.mutate(
      { id: d.id, sub: d.sub },
      {
        onSuccess: ({ message }) => {
          toast.success(message, SUCCESS_TOAST);
          setConfirming(null);
        },
        onError: (e) => {
          setConfirming(null);
          // Products arrived since the list was read: offer to move them.
          if (e instanceof ApiError && e.code === "conflict") {
            void refetch();
            setMoving(d);
          } else showApiError(e);
        },
      },
    );

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageTitle sub={t("admin_catalog.categories_sub")}>{t("admin_catalog.categories_title")}</PageTitle>
        <Button size="sm" onClick={() => setEdit({ kind: "category" })} disabled={!master}>
          {t("admin_catalog.add_category")}
        </Button>
      </div>
      {isError ? (
        <LoadError onReload={refetch} />
      ) : !data ? (
        <Skeleton className="h-96 w-full rounded-2xl" />
      ) : data.data.length === 0 ? (
        <EmptyState title={t("admin_catalog.no_categories")} />
      ) : (
        <ol className="space-y-3" data-testid="category-tree">
          {data.data.map((c, i) => (
            <li key={c.id} className="rounded-2xl border border-slate-200 bg-white p-3 sm:p-4">
              <Row
                item={c}
                first={page === 1 && i === 0}
                last={i === data.data.length - 1 && page * CATEGORIES_PER_PAGE >= data.total}
                onEdit={() => setEdit({ kind: "category", record: c })}
                onDelete={() =>
                  askDelete({
                    id: c.id,
                    sub: false,
                    name: c.name,
                    count: c.products_count,
                    categoryId: c.id,
                    subs: c.sub_categories.map((s) => s.name),
                  })
                }
                extra={
                  <Button
                    variant="outline"
                    size="xs"
                    weight="medium"
                    onClick={() => setEdit({ kind: "sub", parent: c })}
                  >
                    {t("admin_catalog.add_sub_category")}
                  </Button>
                }
              />
              {c.sub_categories.length > 0 && (
                <ol className="mt-3 space-y-2 border-s-2 border-slate-100 ps-3 sm:ps-6">
                  {c.sub_categories.map((s, j) => (
                    <li key={s.id}>
                      <Row
                        item={s}
                        sub
                        first={j === 0}
                        last={j === c.sub_categories.length - 1}
                        onEdit={() => setEdit({ kind: "sub", parent: c, record: s })}
                        onDelete={() =>
                          askDelete({
                            id: s.id,
                            sub: true,
                            name: s.name,
                            count: s.products_count,
                            categoryId: c.id,
                            subs: [],
                          })
                        }
                      />
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
      {data && (
        <div className="mt-6">
          <Pagination
            page={page}
            total={data.total}
            perPage={CATEGORIES_PER_PAGE}
            onChange={(p, how) => setParams(p > 1 ? { page: String(p) } : {}, { replace: how?.replace === true })}
          />
        </div>
      )}
      {edit && master && <CategoryDialog edit={edit} languages={master.languages} onClose={() => setEdit(null)} />}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t("admin_catalog.delete_named", { name: confirming?.name ?? "" })}
        description={deleteText(t, t("admin_catalog.delete_text"), confirming?.subs ?? [], i18n.language)}
        confirmLabel={t("admin_catalog.delete")}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => confirming && deleteNow(confirming)}
      />
      {moving && <MoveProductsDialog target={moving} onClose={() => setMoving(null)} />}
    </>
  );
}

/** One category or sub-category: its image, names and count, and its actions. */
function Row({
  item,
  sub = false,
  first,
  last,
  onEdit,
  onDelete,
  extra,
}: {
  item: AdminCategory | AdminSubCategory;
  sub?: boolean;
  first: boolean;
  last: boolean;
  onEdit: () => void;
  onDelete: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const move = useMoveCategory();
  // The moved row keeps the focus on its button (focusable while the move runs); a deleted row's
  // trash button hands it to the row now in its place.
  const keepFocus = useFocusOnMove();
  const trashRef = useFocusHandOff<HTMLButtonElement>(handOffNear);
  const reorder = (button: HTMLElement, direction: "up" | "down") => {
    if (move.isPending) return;
    keepFocus(button);
    move.mutate({ id: item.id, sub, direction }, { onError: (e) => showApiError(e) });
  };
  const iconButton =
    "inline-flex size-8 items-center justify-center rounded-lg border border-slate-200 text-slate-600 hover:bg-slate-50 disabled:opacity-40 aria-disabled:opacity-40";
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid={sub ? "sub-category-row" : "category-row"}>
      <img
        src={item.thumbnail}
        alt=""
        width={sub ? 36 : 44}
        height={sub ? 36 : 44}
        className={`${sub ? "size-9" : "size-11"} shrink-0 rounded-lg bg-slate-100 object-cover`}
      />
      {/* At least 12rem for the names, so on a phone the actions wrap under them instead of squeezing them. */}
      <div className="min-w-0 flex-1 basis-48">
        <p className={`name-line truncate ${sub ? "text-sm" : "font-semibold"} text-slate-900`}>{item.name}</p>
        <p className="text-xs text-slate-500">
          {t("admin_catalog.products_count", { count: item.products_count })}
          {Object.values(item.translations)
            .map((x) => x.name)
            .filter(Boolean)
            .map((n) => ` · ${n}`)
            .join("")}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <button
          type="button"
          className={iconButton}
          aria-label={t("admin_catalog.move_up", { name: item.name })}
          disabled={first}
          aria-disabled={move.isPending || undefined}
          data-move
          onClick={(e) => reorder(e.currentTarget, "up")}
        >
          <ChevronDownIcon className="size-4 rotate-180" />
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={t("admin_catalog.move_down", { name: item.name })}
          disabled={last}
          aria-disabled={move.isPending || undefined}
          data-move
          onClick={(e) => reorder(e.currentTarget, "down")}
        >
          <ChevronDownIcon className="size-4" />
        </button>
        {extra}
        <Button
          variant="outline"
          size="xs"
          weight="medium"
          onClick={onEdit}
          aria-label={t("common.action_named", { action: t("admin_catalog.edit"), name: item.name })}
        >
          {t("admin_catalog.edit")}
        </Button>
        <button
          ref={trashRef}
          type="button"
          className={`${iconButton} text-rose-600 hover:bg-rose-50`}
          aria-label={t("admin_catalog.delete_named", { name: item.name })}
          onClick={onDelete}
        >
          <TrashIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}
