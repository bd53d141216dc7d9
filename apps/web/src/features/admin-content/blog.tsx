import {
  ADMIN_CONTENT_LIMITS,
  type AdminBlogCategory,
  type AdminBlogCategoryBody,
  type AdminBlogPost,
  type AdminBlogPostBody,
  adminBlogCategoryBody,
  adminBlogPostBody,
  PAGINATION_PER_PAGE,
} from "@market/contract";
import { useState } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
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
import { PagedList } from "../../ui/paged-list.tsx";
import { RichTextField } from "../../ui/rich-text.tsx";
import { SearchForm } from "../../ui/search-form.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { formatDate, isolated } from "../i18n/index.ts";
import { contentKeys, useAdminPost, useAdminPosts, useBlogCategories, useContentWrite } from "./queries.ts";
import { fromLocalInput, ImageInput, LanguageTabs, RowActions, toLocalInput, useOtherLanguages } from "./shared.tsx";

const POST_KEYS = [contentKeys.postLists, contentKeys.categories] as const;
const CATEGORY_KEYS = [contentKeys.categories, contentKeys.postLists] as const;

type Deleting = { kind: "post" | "category"; id: number; name: string };

/** `/admin/blog`: the posts (searchable, by category) and the blog's categories. */
export function BlogManager() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const posts = useAdminPosts(page, search, categoryId);
  const categories = useBlogCategories();
  const [editingPost, setEditingPost] = useState<number | "new" | null>(null);
  const [editingCategory, setEditingCategory] = useState<AdminBlogCategory | "new" | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const delPost = useContentWrite("DELETE /admin/blog-posts/:id", POST_KEYS);
  const delCategory = useContentWrite("DELETE /admin/blog-categories/:id", CATEGORY_KEYS);
  const cats = categories.data?.categories ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    const done = { onSuccess: () => setDeleting(null), onError: (e: unknown) => showApiError(e) };
    if (deleting.kind === "post") delPost.mutate({ params: { id: deleting.id } }, done);
    else delCategory.mutate({ params: { id: deleting.id } }, done);
  };

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <PageTitle sub={t("admin_content.blog_sub")}>{t("admin_content.blog_title")}</PageTitle>
        <Button onClick={() => setEditingPost("new")} disabled={cats.length === 0}>
          {t("admin_content.add_post")}
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="blog-posts" className="min-w-0">
          <h2 id="blog-posts" className="mb-3 text-lg font-semibold text-slate-900">
            {t("admin_content.posts")}
          </h2>
          <SearchForm
            className="mb-4"
            label={t("admin_content.search_posts")}
            onSearch={(s) => {
              setSearch(s);
              setPage(1);
            }}
          />
          <SelectField
            label={t("admin_content.category")}
            className="mb-4"
            value={categoryId ?? ""}
            onChange={(e) => {
              setCategoryId(e.target.value ? Number(e.target.value) : undefined);
              setPage(1);
            }}
          >
            <option value="">{t("admin_content.all_categories")}</option>
            {cats.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <PagedList
            list={posts.data}
            isError={posts.isError}
            onReload={() => posts.refetch()}
            page={page}
            perPage={PAGINATION_PER_PAGE}
            onPageChange={setPage}
            empty={<EmptyState title={t("admin_content.no_posts")} />}
          >
            {(rows) => (
              <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
                {rows.map((p) => (
                  <li key={p.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                    <img src={p.thumbnail} alt="" className="h-14 w-20 shrink-0 rounded-lg object-cover" />
                    <div className="min-w-0 flex-1">
                      <p className="name-line truncate font-medium text-slate-900">{p.title}</p>
                      <p className="truncate text-xs text-slate-500">
                        {p.category} · {isolated(formatDate(p.published_at))}
                      </p>
                    </div>
                    <RowActions
                      name={p.title}
                      onEdit={() => setEditingPost(p.id)}
                      onDelete={() => setDeleting({ kind: "post", id: p.id, name: p.title })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </PagedList>
        </section>
        <section aria-labelledby="blog-categories" className="min-w-0">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="blog-categories" className="text-lg font-semibold text-slate-900">
              {t("admin_content.categories")}
            </h2>
            <Button size="sm" variant="outline" onClick={() => setEditingCategory("new")}>
              {t("admin_content.add_category")}
            </Button>
          </div>
          {categories.isError ? (
            <LoadError onReload={() => categories.refetch()} />
          ) : !categories.data ? (
            <Skeleton className="h-40 w-full rounded-2xl" />
          ) : (
            <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
              {cats.map((c) => (
                <li key={c.id} className="flex flex-col gap-2 p-4">
                  <div className="min-w-0">
                    <p className="name-line truncate font-medium text-slate-900">{c.name}</p>
                    <p className="text-xs text-slate-500">{t("admin_content.post_count", { count: c.total_posts })}</p>
                  </div>
                  <RowActions
                    name={c.name}
                    onEdit={() => setEditingCategory(c)}
                    onDelete={() => setDeleting({ kind: "category", id: c.id, name: c.name })}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <Dialog
        open={editingPost !== null}
        onOpenChange={(open) => !open && setEditingPost(null)}
        title={t(editingPost === "new" ? "admin_content.add_post" : "admin_content.edit_post")}
        className="sm:max-w-3xl"
      >
        {editingPost !== null && (
          <PostEditor
            key={editingPost}
            id={editingPost === "new" ? null : editingPost}
            categories={cats}
            onDone={() => setEditingPost(null)}
          />
        )}
      </Dialog>
      <Dialog
        open={editingCategory !== null}
        onOpenChange={(open) => !open && setEditingCategory(null)}
        title={t(editingCategory === "new" ? "admin_content.add_category" : "admin_content.edit_category")}
      >
        {editingCategory !== null && (
          <CategoryForm
            key={editingCategory === "new" ? "new" : editingCategory.id}
            category={editingCategory === "new" ? null : editingCategory}
            onDone={() => setEditingCategory(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("admin_content.delete_title")}
        description={t("admin_content.delete_confirm", { name: deleting?.name ?? "" })}
        confirmLabel={t("admin_content.delete")}
        tone="danger"
        busy={delPost.isPending || delCategory.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}

function PostEditor({
  id,
  categories,
  onDone,
}: {
  id: number | null;
  categories: AdminBlogCategory[];
  onDone: () => void;
}) {
  const saved = useAdminPost(id);
  if (id != null && saved.isError) return <LoadError onReload={() => saved.refetch()} />;
  if (id != null && !saved.data) return <Skeleton className="mt-4 h-64 w-full rounded-2xl" />;
  return <PostForm post={saved.data?.post ?? null} categories={categories} onDone={onDone} />;
}

type PostTransErrors = Record<
  string,
  { title?: { message?: string }; excerpt?: { message?: string }; body?: { message?: string } } | undefined
>;

function PostForm({
  post,
  categories,
  onDone,
}: {
  post: AdminBlogPost | null;
  categories: AdminBlogCategory[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const languages = useOtherLanguages();
  const form = useForm<AdminBlogPostBody, unknown, unknown>({
    resolver: useContractResolver(adminBlogPostBody) as never,
    defaultValues: {
      category_id: post?.category_id ?? categories[0]?.id,
      slug: post?.slug ?? "",
      title: post?.title ?? "",
      excerpt: post?.excerpt ?? "",
      body: post?.body ?? "",
      thumbnail: post?.thumbnail ?? "",
      tags: post?.tags ?? [],
      published_at: post?.published_at ?? new Date().toISOString(),
      translations: Object.fromEntries(
        languages.map((l) => {
          const tr = post?.translations[l.code];
          return [l.code, { title: tr?.title ?? "", excerpt: tr?.excerpt ?? "", body: tr?.body ?? "" }];
        }),
      ),
    },
  });
  const create = useContentWrite("POST /admin/blog-posts", POST_KEYS);
  const update = useContentWrite("PUT /admin/blog-posts/:id", [
    ...POST_KEYS,
    ...(post ? [contentKeys.post(post.id)] : []),
  ]);
  const { errors } = form.formState;
  const tErrors = errors.translations as PostTransErrors | undefined;
  const fields = [
    "category_id",
    "slug",
    "title",
    "excerpt",
    "body",
    "thumbnail",
    "tags",
    "published_at",
    ...languages.flatMap((l) => ["title", "excerpt", "body"].map((f) => `translations.${l.code}.${f}`)),
  ] as Path<AdminBlogPostBody>[];
  const submit = form.handleSubmit((values) => {
    const body = values as AdminBlogPostBody;
    const done = { onSuccess: onDone, onError: (e: unknown) => showApiError(e, form.setError, fields) };
    if (post) update.mutate({ params: { id: post.id }, body }, done);
    else create.mutate({ body }, done);
  });
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label={t("admin_content.category")}
          error={errors.category_id?.message}
          {...form.register("category_id", { valueAsNumber: true })}
        >
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("admin_content.slug")}
          dir="ltr"
          maxLength={ADMIN_CONTENT_LIMITS.slug}
          error={errors.slug?.message}
          {...form.register("slug")}
        />
      </div>
      <LanguageTabs
        hasError={(code) => (code === "en" ? !!(errors.title || errors.excerpt || errors.body) : !!tErrors?.[code])}
        base={
          <>
            <TextField
              label={t("admin_content.title")}
              maxLength={ADMIN_CONTENT_LIMITS.title}
              error={errors.title?.message}
              {...form.register("title")}
            />
            <TextField
              label={t("admin_content.excerpt")}
              maxLength={ADMIN_CONTENT_LIMITS.excerpt}
              error={errors.excerpt?.message}
              {...form.register("excerpt")}
            />
            <Controller
              control={form.control}
              name="body"
              render={({ field, fieldState }) => (
                <RichTextField
                  label={t("admin_content.body")}
                  value={field.value ?? ""}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </>
        }
        other={(l) => (
          <>
            <TextField
              label={t("admin_content.title_in", { language: l.title })}
              dir={l.direction}
              lang={l.code}
              maxLength={ADMIN_CONTENT_LIMITS.title}
              error={tErrors?.[l.code]?.title?.message}
              {...form.register(`translations.${l.code}.title`)}
            />
            <TextField
              label={t("admin_content.excerpt_in", { language: l.title })}
              dir={l.direction}
              lang={l.code}
              maxLength={ADMIN_CONTENT_LIMITS.excerpt}
              error={tErrors?.[l.code]?.excerpt?.message}
              {...form.register(`translations.${l.code}.excerpt`)}
            />
            <Controller
              control={form.control}
              name={`translations.${l.code}.body`}
              render={({ field, fieldState }) => (
                <RichTextField
                  label={t("admin_content.body_in", { language: l.title })}
                  dir={l.direction}
                  value={(field.value as string | undefined) ?? ""}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </>
        )}
      />
      <Controller
        control={form.control}
        name="thumbnail"
        render={({ field, fieldState }) => (
          <ImageInput
            label={t("admin_content.thumbnail")}
            value={field.value ?? ""}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="tags"
          render={({ field, fieldState }) => (
            <TextField
              label={t("admin_content.tags")}
              placeholder={t("admin_content.tags_hint")}
              defaultValue={(field.value ?? []).join(", ")}
              onChange={(e) =>
                field.onChange(
                  e.target.value
                    .split(",")
                    .map((s) => s.trim())
                    .filter(Boolean),
                )
              }
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="published_at"
          render={({ field, fieldState }) => (
            <TextField
              label={t("admin_content.published_at")}
              type="datetime-local"
              value={toLocalInput(field.value)}
              onChange={(e) => field.onChange(fromLocalInput(e.target.value) ?? "")}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      <SubmitButton busy={create.isPending || update.isPending}>{t("admin_content.save")}</SubmitButton>
    </form>
  );
}

function CategoryForm({ category, onDone }: { category: AdminBlogCategory | null; onDone: () => void }) {
  const { t } = useTranslation();
  const languages = useOtherLanguages();
  const form = useForm<AdminBlogCategoryBody, unknown, unknown>({
    resolver: useContractResolver(adminBlogCategoryBody) as never,
    defaultValues: {
      name: category?.name ?? "",
      translations: Object.fromEntries(
        languages.map((l) => [l.code, { name: category?.translations[l.code]?.name ?? "" }]),
      ),
    },
  });
  const create = useContentWrite("POST /admin/blog-categories", CATEGORY_KEYS);
  const update = useContentWrite("PUT /admin/blog-categories/:id", CATEGORY_KEYS);
  const { errors } = form.formState;
  const tErrors = errors.translations as Record<string, { name?: { message?: string } } | undefined> | undefined;
  const fields = ["name", ...languages.map((l) => `translations.${l.code}.name`)] as Path<AdminBlogCategoryBody>[];
  const submit = form.handleSubmit((values) => {
    const body = values as AdminBlogCategoryBody;
    const done = { onSuccess: onDone, onError: (e: unknown) => showApiError(e, form.setError, fields) };
    if (category) update.mutate({ params: { id: category.id }, body }, done);
    else create.mutate({ body }, done);
  });
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <LanguageTabs
        hasError={(code) => (code === "en" ? !!errors.name : !!tErrors?.[code])}
        base={
          <TextField
            label={t("admin_content.name")}
            maxLength={ADMIN_CONTENT_LIMITS.categoryName}
            error={errors.name?.message}
            {...form.register("name")}
          />
        }
        other={(l) => (
          <TextField
            label={t("admin_content.name_in", { language: l.title })}
            dir={l.direction}
            lang={l.code}
            maxLength={ADMIN_CONTENT_LIMITS.categoryName}
            error={tErrors?.[l.code]?.name?.message}
            {...form.register(`translations.${l.code}.name`)}
          />
        )}
      />
      <SubmitButton busy={create.isPending || update.isPending}>{t("admin_content.save")}</SubmitButton>
    </form>
  );
}
