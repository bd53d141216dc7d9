import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import { StaticPage, usePage } from "../../features/content/index.ts";
import { NotFoundPage, usePageTitle } from "../../features/layout/index.ts";

export const handle = { title: "content.policy", ownTitle: true, rendered: true };

export function Component() {
  const { t } = useTranslation();
  const { slug = "" } = useParams();
  const { data, error } = usePage(slug);
  const missing = error instanceof ApiError && error.code === "not_found";
  usePageTitle(missing ? t("common.page_not_found") : data?.title);
  if (missing) return <NotFoundPage />;
  return <StaticPage key={slug} slug={slug} />;
}
