import {
  ADMIN_CONTENT_LIMITS,
  type AdminFooter,
  type AdminFooterBody,
  type AdminFooterItem,
  type AdminFooterItemBody,
  type AdminMenu,
  type AdminMenuBody,
  adminFooterBody,
  adminFooterItemBody,
  adminMenuBody,
  CONTENT_LINK_TARGETS,
  FOOTER_ITEM_TYPES,
  FOOTER_ITEM_URL_TYPES,
} from "@market/contract";
import { Fragment, type ReactNode, useState } from "react";
import { Controller, type FieldValues, type Path, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { SelectField, SubmitButton, TextField } from "../../ui/fields.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { contentKeys, useContentWrite, useMenus } from "./queries.ts";
import { ImageInput, LanguageTabs, RowActions, useOtherLanguages } from "./shared.tsx";

// Menus and footers are read by the storefront through /api/master: a change refetches it too.
const KEYS = [contentKeys.menus, contentKeys.master] as const;

type Editing =
  | { kind: "menu"; menu: AdminMenu | null }
  | { kind: "footer"; footer: AdminFooter | null }
  | { kind: "item"; footerId: number; item: AdminFooterItem | null };
type Deleting =
  | { kind: "menu"; id: number; name: string }
  | { kind: "footer"; id: number; name: string }
  | { kind: "item"; id: number; name: string };

/** `/admin/menus`: the navbar's menu items, then the footer's sections and their items. */
export function MenuManager() {
  const { t } = useTranslation();
  const targetName = useTargetName();
  const menus = useMenus();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const moveMenu = useContentWrite("POST /admin/menus/:id/move", KEYS);
  const moveFooter = useContentWrite("POST /admin/footers/:id/move", KEYS);
  const moveItem = useContentWrite("POST /admin/footer-items/:id/move", KEYS);
  const delMenu = useContentWrite("DELETE /admin/menus/:id", KEYS);
  const delFooter = useContentWrite("DELETE /admin/footers/:id", KEYS);
  const delItem = useContentWrite("DELETE /admin/footer-items/:id", KEYS);
  const busy = moveMenu.isPending || moveFooter.isPending || moveItem.isPending;

  if (menus.isError) return <LoadError onReload={() => menus.refetch()} />;
  const data = menus.data;
  const mover =
    <T,>(
      m: { mutate: (i: { params: { id: number }; body: { direction: "up" | "down" } }) => void },
      list: T[],
      i: number,
      id: number,
    ) =>
    (direction: "up" | "down") =>
      (direction === "up" ? i > 0 : i < list.length - 1)
        ? () => m.mutate({ params: { id }, body: { direction } })
        : null;

  const confirmDelete = () => {
    if (!deleting) return;
    const done = { onSuccess: () => setDeleting(null), onError: (e: unknown) => showApiError(e) };
    const input = { params: { id: deleting.id } };
    if (deleting.kind === "menu") delMenu.mutate(input, done);
    else if (deleting.kind === "footer") delFooter.mutate(input, done);
    else delItem.mutate(input, done);
  };

  return (
    <>
      <PageTitle sub={t("admin_content.menus_sub")}>{t("admin_content.menus_title")}</PageTitle>
      {!data ? (
        <Skeleton className="h-64 w-full rounded-2xl" />
      ) : (
        <div className="space-y-8">
          <section aria-labelledby="navbar-items">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h2 id="navbar-items" className="text-lg font-semibold text-slate-900">
                {t("admin_content.navbar_items")}
              </h2>
              <Button size="sm" onClick={() => setEditing({ kind: "menu", menu: null })}>
                {t("admin_content.add_menu")}
              </Button>
            </div>
            {data.menus.length === 0 ? (
              <EmptyState title={t("admin_content.no_menus")} />
            ) : (
              <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
                {data.menus.map((m, i) => {
                  const move = mover(moveMenu, data.menus, i, m.id);
                  return (
                    <Row
                      key={m.id}
                      title={m.title}
                      detail={[
                        <LinkPath key="url" url={m.url} />,
                        m.is_external && t("admin_content.external"),
                        targetName(m.target),
                      ]}
                    >
                      <RowActions
                        name={m.title}
                        busy={busy}
                        onUp={move("up")}
                        onDown={move("down")}
                        onEdit={() => setEditing({ kind: "menu", menu: m })}
                        onDelete={() => setDeleting({ kind: "menu", id: m.id, name: m.title })}
                      />
                    </Row>
                  );
                })}
              </ul>
            )}
          </section>

          <section aria-labelledby="footer-sections">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h2 id="footer-sections" className="text-lg font-semibold text-slate-900">
                {t("admin_content.footer_sections")}
              </h2>
              <Button size="sm" onClick={() => setEditing({ kind: "footer", footer: null })}>
                {t("admin_content.add_footer")}
              </Button>
            </div>
            {data.footers.length === 0 ? (
              <EmptyState title={t("admin_content.no_footers")} />
            ) : (
              <ul className="space-y-4">
                {data.footers.map((f, fi) => {
                  const move = mover(moveFooter, data.footers, fi, f.id);
                  return (
                    <li key={f.id} className="rounded-2xl border border-slate-200 bg-white">
                      <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center sm:justify-between">
                        <h3 className="font-semibold text-slate-900">{f.title}</h3>
                        <RowActions
                          name={f.title}
                          busy={busy}
                          onUp={move("up")}
                          onDown={move("down")}
                          onEdit={() => setEditing({ kind: "footer", footer: f })}
                          onDelete={() => setDeleting({ kind: "footer", id: f.id, name: f.title })}
                        />
                      </div>
                      <ul className="divide-y divide-slate-100">
                        {f.items.map((item, ii) => {
                          const moveI = mover(moveItem, f.items, ii, item.id);
                          return (
                            <Row
                              key={item.id}
                              title={item.title}
                              detail={[
                                t(`admin_content.type_${item.type}`),
                                item.url && <LinkPath key="url" url={item.url} />,
                                item.target && targetName(item.target),
                              ]}
                            >
                              <RowActions
                                name={item.title}
                                busy={busy}
                                onUp={moveI("up")}
                                onDown={moveI("down")}
                                onEdit={() => setEditing({ kind: "item", footerId: f.id, item })}
                                onDelete={() => setDeleting({ kind: "item", id: item.id, name: item.title })}
                              />
                            </Row>
                          );
                        })}
                      </ul>
                      <div className="p-4">
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setEditing({ kind: "item", footerId: f.id, item: null })}
                          aria-label={t("admin_content.add_item_to", { name: f.title })}
                        >
                          {t("admin_content.add_item")}
                        </Button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </div>
      )}
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing ? t(dialogTitle(editing)) : ""}
        className="sm:max-w-2xl"
      >
        {editing?.kind === "menu" && <MenuForm menu={editing.menu} onDone={() => setEditing(null)} />}
        {editing?.kind === "footer" && <FooterForm footer={editing.footer} onDone={() => setEditing(null)} />}
        {editing?.kind === "item" && (
          <FooterItemForm footerId={editing.footerId} item={editing.item} onDone={() => setEditing(null)} />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("admin_content.delete_title")}
        description={t(
          deleting?.kind === "footer" ? "admin_content.delete_footer_confirm" : "admin_content.delete_confirm",
          {
            name: deleting?.name ?? "",
          },
        )}
        confirmLabel={t("admin_content.delete")}
        tone="danger"
        busy={delMenu.isPending || delFooter.isPending || delItem.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}

const dialogTitle = (e: Editing) =>
  e.kind === "menu"
    ? e.menu
      ? "admin_content.edit_menu"
      : "admin_content.add_menu"
    : e.kind === "footer"
      ? e.footer
        ? "admin_content.edit_footer"
        : "admin_content.add_footer"
      : e.item
        ? "admin_content.edit_item"
        : "admin_content.add_item";

/** A link's path reads left to right in right-to-left pages too ("/shops", not "shops/"). */
function LinkPath({ url }: { url: string }) {
  return <bdi dir="ltr">{url}</bdi>;
}

function Row({ title, detail, children }: { title: string; detail: ReactNode[]; children: ReactNode }) {
  const parts = detail.filter(Boolean);
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="name-line truncate font-medium text-slate-900">{title}</p>
        <p className="truncate text-xs text-slate-500" data-testid="menu-row-detail">
          {parts.map((part, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts are fixed in place
            <Fragment key={i}>
              {i > 0 && " · "}
              {part}
            </Fragment>
          ))}
        </p>
      </div>
      {children}
    </li>
  );
}

type TitleErrors = Record<string, { title?: { message?: string } } | undefined> | undefined;

/** The title per language: the default language's field and one per other language. */
function TitleTabs<F extends FieldValues>({ form, max }: { form: UseFormReturn<F, unknown, unknown>; max: number }) {
  const { t } = useTranslation();
  const errors = form.formState.errors as { title?: { message?: string }; translations?: TitleErrors };
  return (
    <LanguageTabs
      hasError={(code) => (code === "en" ? !!errors.title : !!errors.translations?.[code])}
      base={
        <TextField
          label={t("admin_content.title")}
          maxLength={max}
          error={errors.title?.message}
          {...form.register("title" as Path<F>)}
        />
      }
      other={(l) => (
        <TextField
          label={t("admin_content.title_in", { language: l.title })}
          dir={l.direction}
          lang={l.code}
          maxLength={max}
          error={errors.translations?.[l.code]?.title?.message}
          {...form.register(`translations.${l.code}.title` as Path<F>)}
        />
      )}
    />
  );
}

function useTitleDefaults(saved: { translations: Record<string, Record<string, string>> } | null) {
  const languages = useOtherLanguages();
  return {
    translations: Object.fromEntries(
      languages.map((l) => [l.code, { title: saved?.translations[l.code]?.title ?? "" }]),
    ),
    fields: languages.map((l) => `translations.${l.code}.title`),
  };
}

function MenuForm({ menu, onDone }: { menu: AdminMenu | null; onDone: () => void }) {
  const { t } = useTranslation();
  const titles = useTitleDefaults(menu);
  const form = useForm<AdminMenuBody, unknown, unknown>({
    resolver: useContractResolver(adminMenuBody) as never,
    defaultValues: {
      name: menu?.name ?? "",
      title: menu?.title ?? "",
      url: menu?.url ?? "",
      target: (menu?.target as "_self" | "_blank" | undefined) ?? "_self",
      is_external: menu?.is_external ?? false,
      translations: titles.translations,
    },
  });
  const create = useContentWrite("POST /admin/menus", KEYS);
  const update = useContentWrite("PUT /admin/menus/:id", KEYS);
  const { errors } = form.formState;
  const fields = ["name", "title", "url", "target", "is_external", ...titles.fields] as Path<AdminMenuBody>[];
  const submit = form.handleSubmit((values) => {
    const body = values as AdminMenuBody;
    const done = { onSuccess: onDone, onError: (e: unknown) => showApiError(e, form.setError, fields) };
    if (menu) update.mutate({ params: { id: menu.id }, body }, done);
    else create.mutate({ body }, done);
  });
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <TitleTabs form={form} max={ADMIN_CONTENT_LIMITS.menuTitle} />
      <TextField
        label={t("admin_content.menu_name")}
        dir="ltr"
        maxLength={ADMIN_CONTENT_LIMITS.menuName}
        error={errors.name?.message}
        {...form.register("name")}
      />
      <TextField
        label={t("admin_content.link")}
        dir="ltr"
        placeholder="/shops"
        maxLength={ADMIN_CONTENT_LIMITS.url}
        error={errors.url?.message}
        {...form.register("url")}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label={t("admin_content.target")} error={errors.target?.message} {...form.register("target")}>
          <TargetOptions />
        </SelectField>
        <label className="flex items-center gap-2 self-end pb-2.5 text-sm text-slate-700">
          <input type="checkbox" className="size-4" {...form.register("is_external")} />
          {t("admin_content.external")}
        </label>
      </div>
      <SubmitButton busy={create.isPending || update.isPending}>{t("admin_content.save")}</SubmitButton>
    </form>
  );
}

function FooterForm({ footer, onDone }: { footer: AdminFooter | null; onDone: () => void }) {
  const { t } = useTranslation();
  const titles = useTitleDefaults(footer);
  const form = useForm<AdminFooterBody, unknown, unknown>({
    resolver: useContractResolver(adminFooterBody) as never,
    defaultValues: { title: footer?.title ?? "", translations: titles.translations },
  });
  const create = useContentWrite("POST /admin/footers", KEYS);
  const update = useContentWrite("PUT /admin/footers/:id", KEYS);
  const fields = ["title", ...titles.fields] as Path<AdminFooterBody>[];
  const submit = form.handleSubmit((values) => {
    const body = values as AdminFooterBody;
    const done = { onSuccess: onDone, onError: (e: unknown) => showApiError(e, form.setError, fields) };
    if (footer) update.mutate({ params: { id: footer.id }, body }, done);
    else create.mutate({ body }, done);
  });
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <TitleTabs form={form} max={ADMIN_CONTENT_LIMITS.footerTitle} />
      <SubmitButton busy={create.isPending || update.isPending}>{t("admin_content.save")}</SubmitButton>
    </form>
  );
}

const hasUrl = (type: string) => (FOOTER_ITEM_URL_TYPES as readonly string[]).includes(type);

function FooterItemForm({
  footerId,
  item,
  onDone,
}: {
  footerId: number;
  item: AdminFooterItem | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const titles = useTitleDefaults(item);
  const form = useForm<AdminFooterItemBody, unknown, unknown>({
    resolver: useContractResolver(adminFooterItemBody) as never,
    defaultValues: {
      type: item?.type ?? "link",
      title: item?.title ?? "",
      url: item?.url ?? "",
      target: (item?.target as "_self" | "_blank" | null | undefined) ?? "_self",
      translations: titles.translations,
    },
  });
  const type = useWatch({ control: form.control, name: "type" });
  const create = useContentWrite("POST /admin/footers/:id/items", KEYS);
  const update = useContentWrite("PUT /admin/footer-items/:id", KEYS);
  const { errors } = form.formState;
  const fields = ["type", "title", "url", "target", ...titles.fields] as Path<AdminFooterItemBody>[];
  const submit = form.handleSubmit((values) => {
    const body = values as AdminFooterItemBody;
    const done = { onSuccess: onDone, onError: (e: unknown) => showApiError(e, form.setError, fields) };
    if (item) update.mutate({ params: { id: item.id }, body }, done);
    else create.mutate({ params: { id: footerId }, body }, done);
  });
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <SelectField label={t("admin_content.item_type")} error={errors.type?.message} {...form.register("type")}>
        {FOOTER_ITEM_TYPES.map((ty) => (
          <option key={ty} value={ty}>
            {t(`admin_content.type_${ty}`)}
          </option>
        ))}
      </SelectField>
      <p className="text-xs text-slate-500">{t(`admin_content.type_${type ?? "link"}_hint`)}</p>
      <TitleTabs form={form} max={ADMIN_CONTENT_LIMITS.footerItemTitle} />
      {type === "logo" ? (
        <Controller
          control={form.control}
          name="url"
          render={({ field, fieldState }) => (
            <ImageInput
              label={t("admin_content.logo_image")}
              value={field.value ?? ""}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : (
        hasUrl(type ?? "link") && (
          <TextField
            label={t(
              type === "phone"
                ? "admin_content.phone_link"
                : type === "email"
                  ? "admin_content.email_link"
                  : "admin_content.link",
            )}
            dir="ltr"
            placeholder={type === "phone" ? "tel:+15550100" : type === "email" ? "mailto:help@example.com" : "/shops"}
            maxLength={ADMIN_CONTENT_LIMITS.url}
            error={errors.url?.message}
            {...form.register("url")}
          />
        )
      )}
      {type === "link" && (
        <SelectField label={t("admin_content.target")} error={errors.target?.message} {...form.register("target")}>
          <TargetOptions />
        </SelectField>
      )}
      <SubmitButton busy={create.isPending || update.isPending}>{t("admin_content.save")}</SubmitButton>
    </form>
  );
}

/** Where a link opens, as the admin reads it: "_blank" is "A new tab". */
function useTargetName() {
  const { t } = useTranslation();
  return (target: string) => t(`admin_content.target${target}`);
}

function TargetOptions() {
  const targetName = useTargetName();
  return CONTENT_LINK_TARGETS.map((target) => (
    <option key={target} value={target}>
      {targetName(target)}
    </option>
  ));
}
