import { type BlogPost, srcSetOf } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { textLang } from "../../lib/text-lang.ts";
import { Skeleton } from "../../ui/skeleton.tsx";
import { formatDate } from "../i18n/index.ts";

export const blogDate = (iso: string, locale?: string) => formatDate(iso, locale);

export function BlogCard({ post }: { post: BlogPost }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition hover:shadow-lg">
      <Link
        to={`/blog/${post.slug}`}
        className="relative block aspect-[16/9] overflow-hidden bg-slate-100"
        tabIndex={-1}
        aria-hidden="true"
      >
        <img
          src={post.thumbnail}
          srcSet={srcSetOf(post.thumbnail)}
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
          alt=""
          width={800}
          height={450}
          loading="lazy"
          className="size-full object-cover transition duration-300 group-hover:scale-105"
        />
        {post.is_new && (
          <span className="absolute start-3 top-3 rounded-full bg-primary-600 px-2.5 py-0.5 text-xs font-semibold text-white">
            {t("content.new")}
          </span>
        )}
      </Link>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold uppercase tracking-wide text-primary-700">{post.category.name}</p>
        <h2
          {...textLang(post.title_lang)}
          className="mt-2 line-clamp-2 text-lg font-semibold leading-snug text-slate-900"
        >
          <Link to={`/blog/${post.slug}`} className="hover:text-primary-700">
            {post.title}
          </Link>
        </h2>
        <p {...textLang(post.description_lang)} className="mt-2 line-clamp-3 text-sm leading-6 text-slate-600">
          {post.description}
        </p>
        <p className="mt-auto flex items-center gap-3 pt-4 text-xs text-slate-500">
          <time dateTime={post.created_at}>{blogDate(post.created_at, i18n.language)}</time>
          <span aria-hidden="true">·</span>
          <span>{t("content.views", { count: post.total_views })}</span>
        </p>
      </div>
    </article>
  );
}

export function BlogCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <Skeleton className="aspect-[16/9] rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-3 w-20" />
        <Skeleton className="h-5 w-5/6" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-4 h-3 w-32" />
      </div>
    </div>
  );
}
