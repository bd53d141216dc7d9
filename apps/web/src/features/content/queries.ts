import type { BlogPost, blogCategoriesAnswer, blogPostAnswer, Page, Paginated } from "@market/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { api } from "../../api/client.ts";

export type BlogCategoriesAnswer = z.infer<typeof blogCategoriesAnswer>;
export type BlogPostAnswer = z.infer<typeof blogPostAnswer>;

/** Texts come translated by Accept-Language, so every key carries the locale. */
export const contentKeys = {
  page: (locale: string, slug: string) => ["content", locale, "page", slug] as const,
  blogs: (locale: string, page: number, categoryId: number | undefined) =>
    ["content", locale, "blogs", page, categoryId ?? null] as const,
  blogCategories: (locale: string) => ["content", locale, "blog-categories"] as const,
  blogPost: (locale: string, slug: string) => ["content", locale, "blog", slug] as const,
};

const useLocaleName = () => useTranslation().i18n.language;

export function usePage(slug: string) {
  const locale = useLocaleName();
  return useQuery({
    queryKey: contentKeys.page(locale, slug),
    queryFn: ({ signal }) => api.get<Page>(`/pages/${encodeURIComponent(slug)}`, { signal }),
  });
}

export const BLOGS_PER_PAGE = 9;

export function useBlogs(page: number, categoryId: number | undefined) {
  const locale = useLocaleName();
  return useQuery({
    queryKey: contentKeys.blogs(locale, page, categoryId),
    queryFn: ({ signal }) =>
      api.get<Paginated<BlogPost>>("/blogs", {
        signal,
        query: { page, per_page: BLOGS_PER_PAGE, category_id: categoryId },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useBlogCategories() {
  const locale = useLocaleName();
  return useQuery({
    queryKey: contentKeys.blogCategories(locale),
    queryFn: ({ signal }) => api.get<BlogCategoriesAnswer>("/blog-categories", { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useBlogPost(slug: string) {
  const locale = useLocaleName();
  return useQuery({
    queryKey: contentKeys.blogPost(locale, slug),
    queryFn: ({ signal }) => api.get<BlogPostAnswer>(`/blogs/${encodeURIComponent(slug)}`, { signal }),
  });
}
