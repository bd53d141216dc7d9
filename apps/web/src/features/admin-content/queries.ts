import type { ApiKey, InputOf } from "@market/contract";
import { PAGINATION_PER_PAGE } from "@market/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, callWithMessage, keyOf, queryOf } from "../../api/client.ts";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";

// The admin console's storefront content: one query per list, one mutation hook per write.

const pagesInput = (page: number, search: string): InputOf<"GET /admin/pages"> => ({
  query: { page, per_page: PAGINATION_PER_PAGE, search: search || undefined },
});
const postsInput = (page: number, search: string, categoryId?: number): InputOf<"GET /admin/blog-posts"> => ({
  query: { page, per_page: PAGINATION_PER_PAGE, search: search || undefined, category_id: categoryId },
});

export const contentKeys = {
  banners: keyOf("GET /admin/banners", {}),
  menus: keyOf("GET /admin/menus", {}),
  pageLists: keyOf("GET /admin/pages"),
  page: (id: number) => keyOf("GET /admin/pages/:id", { params: { id } }),
  postLists: keyOf("GET /admin/blog-posts"),
  post: (id: number) => keyOf("GET /admin/blog-posts/:id", { params: { id } }),
  categories: keyOf("GET /admin/blog-categories", {}),
  /** the storefront's master settings (menus, footers), refetched after a change of them */
  master: keyOf("GET /master", {}),
};

export const useBanners = () => useQuery(queryOf("GET /admin/banners", {}));
export const useMenus = () => useQuery(queryOf("GET /admin/menus", {}));
export const useBlogCategories = () => useQuery(queryOf("GET /admin/blog-categories", {}));
export const useAdminPages = (page: number, search: string) =>
  useQuery({ ...queryOf("GET /admin/pages", pagesInput(page, search)), placeholderData: keepPreviousData });
export const useAdminPosts = (page: number, search: string, categoryId?: number) =>
  useQuery({
    ...queryOf("GET /admin/blog-posts", postsInput(page, search, categoryId)),
    placeholderData: keepPreviousData,
  });
export const useAdminPage = (id: number | null) =>
  useQuery({ ...queryOf("GET /admin/pages/:id", { params: { id: id ?? 0 } }), enabled: id != null });
export const useAdminPost = (id: number | null) =>
  useQuery({ ...queryOf("GET /admin/blog-posts/:id", { params: { id: id ?? 0 } }), enabled: id != null });

/**
 * A write of the content area: toasts the server's message and refetches what it changed
 * (`keys`); the storefront's settings too when menus or footers changed.
 */
export function useContentWrite<K extends ApiKey>(key: K, keys: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<K>) => callWithMessage(key, input),
    onSuccess: (res) => {
      for (const k of keys) void queryClient.invalidateQueries({ queryKey: k });
      toast.success(res.message, SUCCESS_TOAST);
    },
  });
}

/** Uploads one image (banner, footer logo, post thumbnail); answers its URL. */
export const useContentImageUpload = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set("image", file);
      return call("POST /admin/content-images", { form });
    },
  });
