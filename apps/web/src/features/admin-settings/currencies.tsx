import { type AdminCurrency, type CurrencyBody, currencyBody, currencyRateBody, formatPrice } from "@market/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { SelectField, SubmitButton, TextField } from "../../ui/fields.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useIsolateAmount } from "../settings/index.ts";
import { useCurrencies, useCurrencyWrites } from "./queries.ts";

const done = ({ message }: { message: string }) => toast.success(message, SUCCESS_TOAST);
const SAMPLE = 1234.5;

/** The currencies shoppers may see prices in, with their rates from the default one. */
export function CurrencyManager() {
  const { t, i18n } = useTranslation();
  const { data, isError, refetch } = useCurrencies();
  const writes = useCurrencyWrites();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminCurrency | null>(null);
  const [rating, setRating] = useState<AdminCurrency | null>(null);
  const [deleting, setDeleting] = useState<AdminCurrency | null>(null);
  const [promoting, setPromoting] = useState<AdminCurrency | null>(null);
  const isolate = useIsolateAmount();
  // The sample amount as written in a currency, not converted: what a stored price reads as.
  const sample = (c: AdminCurrency) => formatPrice(SAMPLE, { ...c, rate_from_default: 1 }, i18n.language);
  if (isError) return <LoadError onReload={refetch} />;
  if (!data) return <Skeleton className="h-64 w-full rounded-2xl" />;
  const when = (iso: string | null) =>
    iso
      ? t("admin_settings.rate_set_at", {
          time: new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
            new Date(iso),
          ),
        })
      : t("admin_settings.rate_never_set");

  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <Button size="sm" onClick={() => setAdding(true)}>
          {t("admin_settings.add_currency")}
        </Button>
      </div>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {data.map((c) => (
          <li
            key={c.id}
            className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4"
            data-testid={`currency-${c.name}`}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="text-base font-semibold text-slate-900">
                  <span dir="ltr">{c.name}</span> <span className="text-slate-500">{c.symbol}</span>
                </p>
                <p className="text-xs text-slate-500">
                  {t(`admin_settings.position_${c.position}`)} ·{" "}
                  {t("admin_settings.decimals_count", { count: c.decimals })}
                </p>
              </div>
              {c.is_default && (
                <span className="rounded-full bg-primary-100 px-2.5 py-0.5 text-xs font-semibold text-primary-800">
                  {t("admin_settings.default")}
                </span>
              )}
            </div>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-500">{t("admin_settings.rate")}</dt>
              <dd dir="ltr" className="text-end font-mono text-slate-900 sm:text-start">
                {c.rate}
              </dd>
              <dt className="text-slate-500">{t("admin_settings.example")}</dt>
              <dd dir="ltr" className="text-end text-slate-900 sm:text-start">
                {sample(c)}
              </dd>
            </dl>
            <p className="mt-1 text-xs text-slate-500">{when(c.rate_updated_at)}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="xs"
                onClick={() => setRating(c)}
                aria-label={t("common.action_named", { action: t("admin_settings.refresh_rate"), name: c.name })}
              >
                {t("admin_settings.refresh_rate")}
              </Button>
              <Button
                size="xs"
                variant="outline"
                onClick={() => setEditing(c)}
                aria-label={t("common.action_named", { action: t("admin_settings.edit"), name: c.name })}
              >
                {t("admin_settings.edit")}
              </Button>
              {!c.is_default && (
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => setPromoting(c)}
                  aria-label={t("common.action_named", { action: t("admin_settings.make_default"), name: c.name })}
                >
                  {t("admin_settings.make_default")}
                </Button>
              )}
              {!c.is_default && (
                <Button
                  size="xs"
                  variant="danger-outline"
                  onClick={() => setDeleting(c)}
                  aria-label={t("common.action_named", { action: t("admin_settings.delete"), name: c.name })}
                >
                  {t("admin_settings.delete")}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>

      <Dialog open={adding} onOpenChange={setAdding} title={t("admin_settings.add_currency")}>
        <CurrencyForm onDone={() => setAdding(false)} />
      </Dialog>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t("admin_settings.edit_currency")}
      >
        {editing && <CurrencyForm currency={editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <Dialog
        open={rating !== null}
        onOpenChange={(open) => !open && setRating(null)}
        title={t("admin_settings.refresh_rate")}
        description={rating ? when(rating.rate_updated_at) : undefined}
      >
        {rating && <RateForm currency={rating} onDone={() => setRating(null)} />}
      </Dialog>
      <ConfirmDialog
        open={promoting !== null}
        onOpenChange={(open) => !open && setPromoting(null)}
        title={t("admin_settings.make_default_title", { name: promoting?.name ?? "" })}
        description={
          promoting &&
          t("admin_settings.make_default_text", {
            name: promoting.name,
            was: isolate(sample(data.find((c) => c.is_default) ?? promoting)),
            now: isolate(sample(promoting)),
          })
        }
        confirmLabel={t("admin_settings.make_default")}
        busy={writes.makeDefault.isPending}
        onConfirm={() =>
          promoting &&
          writes.makeDefault.mutate(promoting.id, {
            onSuccess: (res) => {
              done(res);
              setPromoting(null);
            },
            onError: (e) => showApiError(e),
          })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("admin_settings.delete_currency")}
        description={t("admin_settings.delete_currency_text", { name: deleting?.name ?? "" })}
        confirmLabel={t("admin_settings.delete")}
        tone="danger"
        busy={writes.remove.isPending}
        onConfirm={() =>
          deleting &&
          writes.remove.mutate(deleting.id, {
            onSuccess: (res) => {
              done(res);
              setDeleting(null);
            },
            onError: (e) => showApiError(e),
          })
        }
      />
    </div>
  );
}

function CurrencyForm({ currency, onDone }: { currency?: AdminCurrency; onDone: () => void }) {
  const { t } = useTranslation();
  const { create, update } = useCurrencyWrites();
  const form = useForm<CurrencyBody>({
    resolver: useContractResolver(currencyBody),
    defaultValues: currency
      ? {
          name: currency.name,
          symbol: currency.symbol,
          position: currency.position,
          rate: currency.rate,
          decimals: currency.decimals,
        }
      : { name: "", symbol: "", position: "prefix", rate: 1, decimals: 2 },
  });
  const { errors } = form.formState;
  const busy = create.isPending || update.isPending;
  const submit = form.handleSubmit((body) => {
    const options = {
      onSuccess: (res: { message: string }) => {
        done(res);
        onDone();
      },
      onError: (e: unknown) => showApiError(e, form.setError, ["name", "symbol", "position", "rate", "decimals"]),
    };
    if (currency) update.mutate({ id: currency.id, body }, options);
    else create.mutate(body, options);
  });
  return (
    <form noValidate onSubmit={submit} className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField
        dir="ltr"
        label={t("admin_settings.currency_code")}
        placeholder="EUR"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <TextField label={t("admin_settings.symbol")} error={errors.symbol?.message} {...form.register("symbol")} />
      <SelectField label={t("admin_settings.position")} error={errors.position?.message} {...form.register("position")}>
        <option value="prefix">{t("admin_settings.position_prefix")}</option>
        <option value="suffix">{t("admin_settings.position_suffix")}</option>
      </SelectField>
      <TextField
        type="number"
        inputMode="numeric"
        min={0}
        max={4}
        label={t("admin_settings.decimals")}
        error={errors.decimals?.message}
        {...form.register("decimals", { valueAsNumber: true })}
      />
      <TextField
        type="number"
        inputMode="decimal"
        step="any"
        min={0}
        className="sm:col-span-2"
        label={t("admin_settings.rate_help")}
        error={errors.rate?.message}
        {...form.register("rate", { valueAsNumber: true })}
      />
      <SubmitButton busy={busy} className="sm:col-span-2">
        {currency ? t("admin_settings.save") : t("admin_settings.add_currency")}
      </SubmitButton>
    </form>
  );
}

function RateForm({ currency, onDone }: { currency: AdminCurrency; onDone: () => void }) {
  const { t } = useTranslation();
  const { refreshRate } = useCurrencyWrites();
  const form = useForm<{ rate: number }>({
    resolver: useContractResolver(currencyRateBody),
    defaultValues: { rate: currency.rate },
  });
  const submit = form.handleSubmit(({ rate }) =>
    refreshRate.mutate(
      { id: currency.id, rate },
      {
        onSuccess: (res) => {
          done(res);
          onDone();
        },
        onError: (e) => showApiError(e, form.setError, ["rate"]),
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <TextField
        type="number"
        inputMode="decimal"
        step="any"
        min={0}
        label={t("admin_settings.new_rate", { code: currency.name })}
        error={form.formState.errors.rate?.message}
        {...form.register("rate", { valueAsNumber: true })}
      />
      <SubmitButton busy={refreshRate.isPending}>{t("admin_settings.save_rate")}</SubmitButton>
    </form>
  );
}
