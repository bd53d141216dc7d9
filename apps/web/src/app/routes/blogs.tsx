import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import {
  BLOGS_PER_PAGE,
  BlogCard,
  BlogCardSkeleton,
  useBlogCategories,
  useBlogs,
} from "../../features/content/index.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { Pagination } from "../../ui/pagination.tsx";

export const handle = { title: "content.blog", rendered: true };

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = positive(params.get("page")) ?? 1;
  const categoryId = positive(params.get("category"));
  const blogs = useBlogs(page, categoryId);
  const categories = useBlogCategories();

  const update = (next: { page?: number; category?: number }, how?: { replace?: boolean }) => {
    const p = new URLSearchParams();
    if (next.category) p.set("category", String(next.category));
    if (next.page && next.page > 1) p.set("page", String(next.page));
    setParams(p, { replace: how?.replace === true });
    window.scrollTo({ top: 0 });
  };
  const chip = (active: boolean) =>
    `whitespace-nowrap rounded-full border px-4 py-1.5 text-sm font-medium transition ${
      active
        ? "border-primary-600 bg-primary-600 text-white"
        : "border-slate-200 bg-white text-slate-700 hover:border-primary-300"
    }`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
      <PageTitle sub={t("content.blog_intro")}>{t(handle.title)}</PageTitle>
      <div className="-mx-4 mb-8 overflow-x-auto px-4">
        <fieldset className="flex gap-2">
          <legend className="sr-only">{t("content.categories")}</legend>
          <button type="button" aria-pressed={!categoryId} className={chip(!categoryId)} onClick={() => update({})}>
            {t("content.all")}
          </button>
          {categories.data?.categories.map((c) => (
            <button
              key={c.id}
              type="button"
              aria-pressed={categoryId === c.id}
              className={chip(categoryId === c.id)}
              onClick={() => update({ category: c.id })}
            >
              {c.name} <span className="font-normal">({c.total_posts})</span>
            </button>
          ))}
        </fieldset>
      </div>
      {blogs.isPending ? (
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <BlogCardSkeleton key={i} />
          ))}
        </div>
      ) : blogs.data && blogs.data.data.length > 0 ? (
        <>
          <div
            className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 ${blogs.isPlaceholderData ? "opacity-60" : ""}`}
          >
            {blogs.data.data.map((post) => (
              <BlogCard key={post.id} post={post} />
            ))}
          </div>
          <div className="mt-10">
            <Pagination
              page={page}
              total={blogs.data.total}
              perPage={BLOGS_PER_PAGE}
              onChange={(p, how) => update({ page: p, category: categoryId }, how)}
            />
          </div>
        </>
      ) : (
        <EmptyState title={blogs.error ? t("common.something_went_wrong") : t("content.no_posts")} />
      )}
    </div>
  );
}
