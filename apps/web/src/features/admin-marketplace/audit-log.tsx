import { type AuditEntry, PAGINATION_PER_PAGE } from "@market/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../ui/empty-state.tsx";
import { inputClass } from "../../ui/fields.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { SearchForm } from "../../ui/search-form.tsx";
import { formatDateTime, isolated } from "../i18n/index.ts";
import { useAuditLog } from "./api.ts";
import { FilterSelect, useUrlFilters } from "./url-filters.tsx";

const time = (iso: string) => isolated(formatDateTime(iso, undefined, { seconds: true }));

/**
 * A value as the log shows it: text in its own direction, anything else as left-to-right JSON,
 * so an Arabic page does not turn "/shops" into "shops/"; no value is a dash, an empty text says so.
 */
function Value({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === undefined || value === null) return <span>—</span>;
  if (value === "") return <span className="italic">{t("admin_marketplace.empty_value")}</span>;
  return typeof value === "string" ? <bdi dir="auto">{value}</bdi> : <bdi dir="ltr">{JSON.stringify(value)}</bdi>;
}

/** The fields a change touched, each with its value before and after (a create has no before, a delete no after). */
export function changedFields(before: unknown, after: unknown) {
  const obj = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const b = obj(before);
  const a = obj(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ field: k, before: b[k], after: a[k] }));
}

function Diff({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const rows = changedFields(entry.before, entry.after);
  if (rows.length === 0) return <p className="text-sm text-slate-600">{t("admin_marketplace.no_changes")}</p>;
  return (
    <dl className="space-y-2 text-sm" data-testid="audit-diff">
      {rows.map((r) => (
        <div key={r.field} className="rounded-lg bg-slate-50 p-2">
          <dt className="font-medium text-slate-900">
            <code dir="ltr">{r.field}</code>
          </dt>
          <dd className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
            <span className="break-all rounded bg-red-50 px-2 py-1 text-red-900">
              <span className="sr-only">
                {t("admin_marketplace.before")}
                {t("common.colon")}
              </span>
              − <Value value={r.before} />
            </span>
            <span className="break-all rounded bg-emerald-50 px-2 py-1 text-emerald-900">
              <span className="sr-only">
                {t("admin_marketplace.after")}
                {t("common.colon")}
              </span>
              + <Value value={r.after} />
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Every admin change, newest first: who, when, what (named in the reader's language; an action or
 * record kind written by a newer server keeps its own name), and the changed fields before and after.
 */
export function AuditLog() {
  const { t } = useTranslation();
  const actionName = (a: string) => t(`admin_marketplace.audit_action_${a}`, { defaultValue: a });
  const entityName = (e: string) => t(`admin_marketplace.audit_entity_${e}`, { defaultValue: e });
  const fromId = useId();
  const toId = useId();
  const f = useUrlFilters(["search", "entity", "admin", "from", "to"] as const);
  const adminId = Number(f.values.admin) || undefined;
  const query = useAuditLog({
    page: f.page,
    search: f.values.search || undefined,
    entity: f.values.entity || undefined,
    admin_id: adminId,
    from: f.values.from || undefined,
    to: f.values.to || undefined,
  });
  const data = query.data;
  return (
    <>
      <PageTitle>{t("admin_marketplace.audit_title")}</PageTitle>
      <div className="mb-4 space-y-2">
        <SearchForm
          key={f.values.search}
          value={f.values.search}
          label={t("admin_marketplace.search_audit")}
          onSearch={(search) => f.set({ search })}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <FilterSelect
            label={t("admin_marketplace.filter_entity")}
            value={f.values.entity}
            onChange={(entity) => f.set({ entity })}
            options={[
              { value: "", label: t("admin_marketplace.all_entities") },
              ...(data?.entities ?? []).map((e) => ({ value: e, label: entityName(e) })),
            ]}
          />
          <FilterSelect
            label={t("admin_marketplace.filter_admin")}
            value={f.values.admin}
            onChange={(admin) => f.set({ admin })}
            options={[
              { value: "", label: t("admin_marketplace.all_admins") },
              ...(data?.admins ?? []).map((a) => ({ value: String(a.id), label: a.name })),
            ]}
          />
          <div className="flex items-center gap-2">
            <label htmlFor={fromId} className="shrink-0 text-sm text-slate-700">
              {t("admin_marketplace.from")}
            </label>
            <input
              id={fromId}
              type="date"
              value={f.values.from}
              onChange={(e) => f.set({ from: e.target.value })}
              className={`${inputClass} min-w-0`}
            />
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor={toId} className="shrink-0 text-sm text-slate-700">
              {t("admin_marketplace.to")}
            </label>
            <input
              id={toId}
              type="date"
              value={f.values.to}
              onChange={(e) => f.set({ to: e.target.value })}
              className={`${inputClass} min-w-0`}
            />
          </div>
        </div>
      </div>
      <PagedList
        list={data?.entries}
        isError={query.isError}
        onReload={query.refetch}
        page={f.page}
        perPage={PAGINATION_PER_PAGE}
        onPageChange={f.setPage}
        empty={<EmptyState title={t("admin_marketplace.no_audit")} />}
      >
        {(entries) => (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {entries.map((e) => (
              <li key={e.id} data-testid="audit-row">
                <details className="group px-4 py-3">
                  <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800">
                      {actionName(e.action)}
                    </span>
                    <span className="text-sm font-medium text-slate-900">
                      {entityName(e.entity)}
                      {e.entity_id && ` ${isolated(`#${e.entity_id}`)}`}
                    </span>
                    {/* Its own line when less than 12rem is left: a summary squeezed beside the rest broke letter by letter. */}
                    <span dir="auto" className="min-w-0 flex-[1_1_12rem] break-words text-sm text-slate-700">
                      {e.summary}
                    </span>
                    <span className="text-xs text-slate-500">
                      {e.admin.name} · {time(e.created_at)}
                    </span>
                  </summary>
                  <div className="mt-3">
                    <Diff entry={e} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
