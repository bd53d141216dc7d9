import { srcSetOf } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import { BlogCard, blogDate, PageBodySkeleton, useBlogPost } from "../../features/content/index.ts";
import { NotFoundPage, usePageTitle } from "../../features/layout/index.ts";
import { textLang } from "../../lib/text-lang.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";

export const handle = { title: "content.blog_details", ownTitle: true, rendered: true };

export function Component() {
  const { t, i18n } = useTranslation();
  const { slug = "" } = useParams();
  const { data, isPending, error } = useBlogPost(slug);
  const missing = error instanceof ApiError && error.code === "not_found";
  usePageTitle(missing ? t("common.page_not_found") : data?.post.title);

  if (isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Skeleton className="mb-6 aspect-[16/9] w-full rounded-2xl" />
        <PageBodySkeleton />
      </div>
    );
  }
  if (missing) return <NotFoundPage />;
  if (error) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t("common.something_went_wrong")}</h1>
        <Link to="/blogs" className="mt-4 inline-block text-sm font-medium text-primary-700 hover:underline">
          {t("content.back_to_blog")}
        </Link>
      </div>
    );
  }
  const { post, related } = data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
      <article className="mx-auto max-w-3xl">
        <nav aria-label={t("content.breadcrumb")} className="mb-4 text-sm text-slate-500">
          <Link to="/blogs" className="hover:text-primary-700">
            {t("content.blog")}
          </Link>
          <span className="mx-2" aria-hidden="true">
            /
          </span>
          <Link to={`/blogs?category=${post.category.id}`} className="hover:text-primary-700">
            {post.category.name}
          </Link>
        </nav>
        <h1
          {...textLang(post.title_lang)}
          className="text-3xl font-bold leading-tight tracking-tight text-slate-900 sm:text-4xl"
        >
          {post.title}
        </h1>
        <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-500">
          <span className="inline-flex items-center gap-2">
            <Avatar name={post.post_by.name} photo={post.post_by.profile_photo} className="size-8 text-sm" />
            <span className="font-medium text-slate-700">{post.post_by.name}</span>
          </span>
          <time dateTime={post.created_at}>{blogDate(post.created_at, i18n.language)}</time>
          <span>{t("content.views", { count: post.total_views })}</span>
        </div>
        <img
          src={post.thumbnail}
          srcSet={srcSetOf(post.thumbnail)}
          sizes="(min-width: 768px) 48rem, 100vw"
          alt=""
          width={800}
          height={450}
          className="mt-8 aspect-[16/9] w-full rounded-2xl bg-slate-100 object-cover"
        />
        {/* The body is sanitised by the server; it is the only HTML rendered here. */}
        <div
          {...textLang(post.body_lang)}
          className="rich-text mt-8 text-base"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised post body
          dangerouslySetInnerHTML={{ __html: post.body }}
        />
        {post.tags.length > 0 && (
          <div className="mt-10 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-6">
            <span className="text-sm font-semibold text-slate-700">
              {t("content.tags")}
              {t("common.colon").trimEnd()}
            </span>
            {post.tags.map((tag) => (
              <span key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
                #{tag}
              </span>
            ))}
          </div>
        )}
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related-posts" className="mt-16">
          <h2 id="related-posts" className="mb-6 text-2xl font-bold text-slate-900">
            {t("content.related_posts")}
          </h2>
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((p) => (
              <BlogCard key={p.id} post={p} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
