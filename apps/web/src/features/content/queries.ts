import type { InputOf } from "@market/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { call, keyOf } from "../../api/client.ts";

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
  return useQuery({
    queryKey: contentKeys.page(locale, input),
    queryFn: ({ signal }) => call("GET /pages/:slug", input, { signal }),
  });
}

export const BLOGS_PER_PAGE = 9;

export function useBlogs(page: number, categoryId: number | undefined) {
  const locale = useLocaleName();
  const input = { query: { page, per_page: BLOGS_PER_PAGE, category_id: categoryId } };
  return useQuery({
    queryKey: contentKeys.blogs(locale, input),
    queryFn: ({ signal }) => call("GET /blogs", input, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBlogCategories() {
  const locale = useLocaleName();
  return useQuery({
    queryKey: contentKeys.blogCategories(locale),
    queryFn: ({ signal }) => call("GET /blog-categories", {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useBlogPost(slug: string) {
  const locale = useLocaleName();
  const input = { params: { slug } };
  return useQuery({
    queryKey: contentKeys.blogPost(locale, input),
    queryFn: ({ signal }) => call("GET /blogs/:slug", input, { signal }),
  });
}
