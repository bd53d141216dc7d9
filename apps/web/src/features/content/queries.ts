import type { InputOf } from "@market/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { keyOf } from "../../api/client.ts";
import { pageQuery } from "../../lib/page-query.ts";

// Texts come translated by Accept-Language, so every key carries the locale.
const useLocaleName = () => useTranslation().i18n.language;

export const contentKeys = {
  page: (locale: string, input: InputOf<"GET /pages/:slug">) => [...keyOf("GET /pages/:slug", input), locale] as const,
  blogs: (locale: string, input: InputOf<"GET /blogs">) => [...keyOf("GET /blogs", input), locale] as const,
  blogCategories: (locale: string) => [...keyOf("GET /blog-categories", {}), locale] as const,
  blogPost: (locale: string, input: InputOf<"GET /blogs/:slug">) =>
    [...keyOf("GET /blogs/:slug", input), locale] as const,
};

export function usePage(slug: string) {
  const locale = useLocaleName();
  const input = { params: { slug } };
  return useQuery(pageQuery(contentKeys.page(locale, input), locale, "GET /pages/:slug", input));
}

export const BLOGS_PER_PAGE = 9;

export function useBlogs(page: number, categoryId: number | undefined) {
  const locale = useLocaleName();
  const input = { query: { page, per_page: BLOGS_PER_PAGE, category_id: categoryId } };
  return useQuery({
    ...pageQuery(contentKeys.blogs(locale, input), locale, "GET /blogs", input),
    placeholderData: keepPreviousData,
  });
}

export function useBlogCategories() {
  const locale = useLocaleName();
  return useQuery({
    ...pageQuery(contentKeys.blogCategories(locale), locale, "GET /blog-categories", {}),
    staleTime: 5 * 60_000,
  });
}

export function useBlogPost(slug: string) {
  const locale = useLocaleName();
  const input = { params: { slug } };
  return useQuery(pageQuery(contentKeys.blogPost(locale, input), locale, "GET /blogs/:slug", input));
}
