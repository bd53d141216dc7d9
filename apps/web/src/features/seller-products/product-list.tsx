import { SELLER_PRODUCT_SORTS, type SellerProductRow, srcSetOf } from "@market/contract";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClass } from "../../ui/button.tsx";
import { CellLabel, cardTable } from "../../ui/card-table.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { Price } from "../settings/index.ts";
import { BulkActionBar, type BulkResult, BulkResultNote } from "./bulk-actions.tsx";
import { filterControl } from "./control-class.ts";
import { STATUS_FILTERS, STOCK_FILTERS, useProductListParams } from "./list-params.ts";
import { PRODUCTS_PER_PAGE, useProductOptions, useSellerProducts } from "./queries.ts";

const COLUMNS = ["product", "category", "price", "stock", "status", "sold"] as const;
const SEARCH_DELAY_MS = 350;

/** The shop's products: search, filters, sort and paging in the URL; select rows for bulk actions. */
export function SellerProductList() {
  const { t } = useTranslation();
  const { query, set } = useProductListParams();
  const { data, isError, refetch } = useSellerProducts(query);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [result, setResult] = useState<BulkResult | null>(null);
  const rows = data?.products.data;

  // Another page or filter shows other rows: a selection is of what the seller sees.
  const listKey = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the query
  useEffect(() => setSelected(new Set()), [listKey]);

  const names = useMemo(() => new Map((rows ?? []).map((r) => [r.id, r.name])), [rows]);
  const pageIds = rows?.map((r) => r.id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const filtered = Boolean(query.search || query.category_id || query.status || query.stock);

  return (
    <>
      <div className="mb-4 flex flex-wrap gap-2">
        <Link to="/seller/products/new" className={`${buttonClass("primary", "field")} inline-flex items-center`}>
          {t("seller_products.add_product")}
        </Link>
        <Link
          to="/seller/products/import"
          className={`${buttonClass("outline", "field")} inline-flex items-center bg-white`}
        >
          {t("seller_products.import_export")}
        </Link>
      </div>
      <Filters query={query} set={set} />
      {result && <BulkResultNote result={result} onClose={() => setResult(null)} />}
      {selected.size > 0 && (
        <BulkActionBar
          ids={[...selected]}
          names={names}
          onDone={(r) => {
            setResult(r);
            setSelected(new Set());
          }}
        />
      )}
      <PagedList
        list={data?.products}
        isError={isError}
        onReload={refetch}
        page={query.page ?? 1}
        perPage={PRODUCTS_PER_PAGE}
        onPageChange={(p, how) => {
          set("page", String(p), how);
          window.scrollTo({ top: 0 });
        }}
        empty={
          <EmptyState
            title={t(filtered ? "seller_products.no_match" : "seller_products.no_products")}
            text={filtered ? undefined : t("seller_products.no_products_text")}
            action={
              filtered ? undefined : (
                <Link to="/seller/products/new" className={buttonClass("primary")}>
                  {t("seller_products.add_product")}
                </Link>
              )
            }
          />
        }
      >
        {(products) => (
          <div className={cardTable.frame}>
            <label className="flex items-center gap-2 border-b border-slate-200 px-4 py-2.5 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-primary-600"
                checked={allOnPage}
                onChange={() => setSelected(allOnPage ? new Set() : new Set(pageIds))}
              />
              {t("seller_products.select_all_on_page")}
            </label>
            <table className={cardTable.table}>
              <thead className={cardTable.head}>
                <tr>
                  <th scope="col" className="w-10 px-4 py-3">
                    <span className="sr-only">{t("seller_products.select")}</span>
                  </th>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className={cardTable.th}>
                      {t(`seller_products.col_${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={cardTable.body}>
                {products.map((p) => (
                  <ProductRow
                    key={p.id}
                    product={p}
                    threshold={data?.low_stock_threshold ?? 0}
                    checked={selected.has(p.id)}
                    onToggle={() => toggle(p.id)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </>
  );
}

type RowProps = { product: SellerProductRow; threshold: number; checked: boolean; onToggle: () => void };

/** A row of the table; under 768 px a card: image and name, then the figures below. */
function ProductRow({ product: p, threshold, checked, onToggle }: RowProps) {
  const { t } = useTranslation();
  const cell = cardTable.cell;
  return (
    <tr data-testid="seller-product" className={`${cardTable.row} grid-cols-[auto_1fr] hover:bg-slate-50`}>
      <td className={`${cell} row-span-6 pt-1 md:w-10`}>
        <input
          type="checkbox"
          className="size-4 accent-primary-600"
          checked={checked}
          onChange={onToggle}
          aria-label={t("seller_products.select_product", { name: p.name })}
        />
      </td>
      <td className={cell}>
        <div className="flex min-w-0 items-center gap-3">
          {p.thumbnail ? (
            <img
              src={p.thumbnail}
              srcSet={srcSetOf(p.thumbnail)}
              sizes="48px"
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="size-12 shrink-0 rounded-lg border border-slate-200 object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="size-12 shrink-0 rounded-lg border border-dashed border-slate-300 bg-slate-50"
            />
          )}
          <Link
            to={`/seller/products/${p.id}`}
            className="min-w-0 break-words font-medium text-slate-900 hover:text-primary-700 hover:underline"
          >
            {p.name}
          </Link>
        </div>
      </td>
      <td className={`${cell} text-slate-700`}>
        <CellLabel>{t("seller_products.col_category")}</CellLabel>
        {p.category}
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <CellLabel>{t("seller_products.col_price")}</CellLabel>
        {p.discount_price > 0 ? (
          <>
            <Price amount={p.discount_price} className="font-semibold text-slate-900" />{" "}
            <s className="text-xs text-slate-500">
              <Price amount={p.price} />
            </s>
          </>
        ) : (
          <Price amount={p.price} className="font-semibold text-slate-900" />
        )}
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <CellLabel>{t("seller_products.col_stock")}</CellLabel>
        <span className="tabular-nums">{p.stock}</span> <StockBadge stock={p.stock} threshold={threshold} />
      </td>
      <td className={cell}>
        <CellLabel>{t("seller_products.col_status")}</CellLabel>
        <span
          data-testid="product-status"
          className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${p.is_active ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-600"}`}
        >
          {t(p.is_active ? "seller_products.published" : "seller_products.draft")}
        </span>
        {p.moderation !== "approved" && (
          <span
            data-testid="product-moderation"
            title={p.moderation_reason ?? undefined}
            className="ms-1 inline-block rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800"
          >
            {t(`seller_products.moderation_${p.moderation}`)}
          </span>
        )}
        {p.moderation_reason && <span className="mt-1 block text-xs text-amber-800">{p.moderation_reason}</span>}
      </td>
      <td className={`${cell} tabular-nums text-slate-700`}>
        <CellLabel>{t("seller_products.col_sold")}</CellLabel>
        {p.total_sold}
      </td>
    </tr>
  );
}

export function StockBadge({ stock, threshold }: { stock: number; threshold: number }) {
  const { t } = useTranslation();
  if (stock <= 0)
    return (
      <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700">
        {t("seller_products.out_of_stock")}
      </span>
    );
  if (stock <= threshold)
    return (
      <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">
        {t("seller_products.low")}
      </span>
    );
  return null;
}

type FiltersProps = ReturnType<typeof useProductListParams>;

function Filters({ query, set }: FiltersProps) {
  const { t } = useTranslation();
  const options = useProductOptions();
  const [draft, setDraft] = useState(query.search ?? "");
  // Typing settles before the list asks again; the URL keeps the last search.
  useEffect(() => {
    if (draft.trim() === (query.search ?? "")) return;
    const timer = setTimeout(() => set("search", draft.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, query.search, set]);
  const select = filterControl;
  return (
    <div className="mb-4 grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
      <label className="sm:min-w-64 sm:flex-1">
        <span className="sr-only">{t("seller_products.search")}</span>
        <input
          type="search"
          value={draft}
          maxLength={100}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t("seller_products.search_placeholder")}
          className={`${filterControl} sm:w-full`}
        />
      </label>
      <label>
        <span className="sr-only">{t("seller_products.category")}</span>
        <select className={select} value={query.category_id ?? ""} onChange={(e) => set("category_id", e.target.value)}>
          <option value="">{t("seller_products.all_categories")}</option>
          {options.data?.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="sr-only">{t("seller_products.status")}</span>
        <select className={select} value={query.status ?? ""} onChange={(e) => set("status", e.target.value)}>
          <option value="">{t("seller_products.all_statuses")}</option>
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`seller_products.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="sr-only">{t("seller_products.stock")}</span>
        <select className={select} value={query.stock ?? ""} onChange={(e) => set("stock", e.target.value)}>
          <option value="">{t("seller_products.all_stock")}</option>
          {STOCK_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`seller_products.stock_${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="sr-only">{t("seller_products.sort")}</span>
        <select className={select} value={query.sort ?? "newest"} onChange={(e) => set("sort", e.target.value)}>
          {SELLER_PRODUCT_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`seller_products.sort_${s}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
