import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../api/client.ts";
import { textLang } from "../../lib/text-lang.ts";
import { Skeleton } from "../../ui/skeleton.tsx";
import { usePage } from "./queries.ts";

export function PageBodySkeleton() {
  return (
    <div className="space-y-3" aria-busy="true">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="mt-6 h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="mt-6 h-4 w-full" />
      <Skeleton className="h-4 w-3/4" />
    </div>
  );
}

/** A static page of GET /api/pages/{slug}: its title and its body, HTML the server sanitised. */
export function PageView({ slug, headingLevel = 1 }: { slug: string; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const { data, isPending, error } = usePage(slug);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  if (isPending) return <PageBodySkeleton />;
  if (error) {
    const missing = error instanceof ApiError && error.code === "not_found";
    return (
      <div className="py-10 text-center">
        <Heading className="text-2xl font-bold text-slate-900">
          {missing ? t("content.page_not_found_text") : t("common.something_went_wrong")}
        </Heading>
        <Link to="/" className="mt-4 inline-block text-sm font-medium text-primary-700 hover:underline">
          {t("common.back_to_home")}
        </Link>
      </div>
    );
  }
  return (
    <article>
      <Heading {...textLang(data.title_lang)} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {data.title}
      </Heading>
      {/* The body is sanitised by the server before it is stored or sent. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised page body */}
      <div {...textLang(data.body_lang)} className="rich-text mt-6" dangerouslySetInnerHTML={{ __html: data.body }} />
    </article>
  );
}

/** The frame of a static page in the default layout. */
export function StaticPage({ slug }: { slug: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-10">
        <PageView slug={slug} />
      </div>
    </div>
  );
}
