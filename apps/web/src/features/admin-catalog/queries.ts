import type {
  AdminBrand,
  AdminBrandBody,
  AdminCategoryBody,
  AdminColor,
  AdminColorBody,
  AdminSize,
  AdminSizeBody,
  AdminUnit,
  AdminUnitBody,
  InputOf,
  Paginated,
} from "@market/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, callWithMessage, keyOf } from "../../api/client.ts";
import { catalogKeys } from "../catalog/index.ts";

export const CATEGORIES_PER_PAGE = 50;
export const OPTIONS_PER_PAGE = 20;
/** The move dialog's picker lists this many categories (with their sub-categories). */
const PICKER_SIZE = 100;

export type OptionKind = "brands" | "units" | "sizes" | "colors";
export type AnyOption = AdminBrand | AdminUnit | AdminSize | AdminColor;

const categoriesInput = (page: number, perPage = CATEGORIES_PER_PAGE): InputOf<"GET /admin/categories"> => ({
  query: { page, per_page: perPage },
});
const optionsInput = (page: number) => ({ query: { page, per_page: OPTIONS_PER_PAGE } });

// Every key of the feature starts with its call's key: a change refreshes the lists it touched.
export const adminCatalogKeys = {
  categories: keyOf("GET /admin/categories"),
  brands: keyOf("GET /admin/brands"),
  units: keyOf("GET /admin/units"),
  sizes: keyOf("GET /admin/sizes"),
  colors: keyOf("GET /admin/colors"),
};

export const useAdminCategories = (page: number) =>
  useQuery({
    queryKey: keyOf("GET /admin/categories", categoriesInput(page)),
    queryFn: ({ signal }) => call("GET /admin/categories", categoriesInput(page), { signal }),
    placeholderData: keepPreviousData,
  });

/** Every category with its sub-categories, for the "move products to" picker. */
export const useCategoryTargets = (enabled: boolean) =>
  useQuery({
    queryKey: keyOf("GET /admin/categories", categoriesInput(1, PICKER_SIZE)),
    queryFn: ({ signal }) => call("GET /admin/categories", categoriesInput(1, PICKER_SIZE), { signal }),
    enabled,
  });

export function useOptionList(kind: OptionKind, page: number) {
  return useQuery({
    queryKey: [`GET /admin/${kind}`, optionsInput(page)] as const,
    queryFn: ({ signal }): Promise<Paginated<AnyOption>> => {
      const input = optionsInput(page);
      switch (kind) {
        case "brands":
          return call("GET /admin/brands", input, { signal });
        case "units":
          return call("GET /admin/units", input, { signal });
        case "sizes":
          return call("GET /admin/sizes", input, { signal });
        case "colors":
          return call("GET /admin/colors", input, { signal });
      }
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * A catalogue change refreshes the admin list it touched and the storefront's catalogue queries
 * (categories on the home page and in menus, product filters), which the server's cache already let go.
 */
function useCatalogWrite<V, R>(fn: (v: V) => Promise<R>, lists: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      for (const queryKey of lists) void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
  });
}

type Saved<B> = { id?: number | undefined; body: B };
const cat = [adminCatalogKeys.categories];

export const useSaveCategory = () =>
  useCatalogWrite(
    ({ id, body }: Saved<AdminCategoryBody>) =>
      id === undefined
        ? callWithMessage("POST /admin/categories", { body })
        : callWithMessage("PUT /admin/categories/:id", { params: { id }, body }),
    cat,
  );

export const useSaveSubCategory = () =>
  useCatalogWrite(
    ({ id, categoryId, body }: Saved<AdminCategoryBody> & { categoryId: number }) =>
      id === undefined
        ? callWithMessage("POST /admin/categories/:id/sub-categories", { params: { id: categoryId }, body })
        : callWithMessage("PUT /admin/sub-categories/:id", { params: { id }, body }),
    cat,
  );

const imageForm = (field: string, file: File) => {
  const form = new FormData();
  form.set(field, file);
  return form;
};

export const useCategoryImage = () =>
  useCatalogWrite(
    ({ id, sub, file }: { id: number; sub: boolean; file: File }): Promise<{ message: string }> =>
      sub
        ? callWithMessage("POST /admin/sub-categories/:id/image", { params: { id }, form: imageForm("image", file) })
        : callWithMessage("POST /admin/categories/:id/image", { params: { id }, form: imageForm("image", file) }),
    cat,
  );

export const useMoveCategory = () =>
  useCatalogWrite(
    ({ id, sub, direction }: { id: number; sub: boolean; direction: "up" | "down" }) =>
      sub
        ? callWithMessage("POST /admin/sub-categories/:id/move", { params: { id }, body: { direction } })
        : callWithMessage("POST /admin/categories/:id/move", { params: { id }, body: { direction } }),
    cat,
  );

export type MoveTo = { move_to_category?: number; move_to_sub_category?: number };

export const useDeleteCategory = () =>
  useCatalogWrite(
    ({ id, sub, moveTo = {} }: { id: number; sub: boolean; moveTo?: MoveTo }) =>
      sub
        ? callWithMessage("DELETE /admin/sub-categories/:id", { params: { id }, query: moveTo })
        : callWithMessage("DELETE /admin/categories/:id", { params: { id }, query: moveTo }),
    cat,
  );

export const useSaveBrand = () =>
  useCatalogWrite(
    ({ id, body }: Saved<AdminBrandBody>) =>
      id === undefined
        ? callWithMessage("POST /admin/brands", { body })
        : callWithMessage("PUT /admin/brands/:id", { params: { id }, body }),
    [adminCatalogKeys.brands],
  );

export const useBrandLogo = () =>
  useCatalogWrite(
    ({ id, file }: { id: number; file: File }) =>
      callWithMessage("POST /admin/brands/:id/logo", { params: { id }, form: imageForm("logo", file) }),
    [adminCatalogKeys.brands],
  );

export const useSaveUnit = () =>
  useCatalogWrite(
    ({ id, body }: Saved<AdminUnitBody>) =>
      id === undefined
        ? callWithMessage("POST /admin/units", { body })
        : callWithMessage("PUT /admin/units/:id", { params: { id }, body }),
    [adminCatalogKeys.units],
  );

export const useSaveSize = () =>
  useCatalogWrite(
    ({ id, body }: Saved<AdminSizeBody>) =>
      id === undefined
        ? callWithMessage("POST /admin/sizes", { body })
        : callWithMessage("PUT /admin/sizes/:id", { params: { id }, body }),
    [adminCatalogKeys.sizes],
  );

export const useSaveColor = () =>
  useCatalogWrite(
    ({ id, body }: Saved<AdminColorBody>) =>
      id === undefined
        ? callWithMessage("POST /admin/colors", { body })
        : callWithMessage("PUT /admin/colors/:id", { params: { id }, body }),
    [adminCatalogKeys.colors],
  );

export const useDeleteOption = () =>
  useCatalogWrite(
    ({ kind, id }: { kind: OptionKind; id: number }) => {
      const input = { params: { id } };
      switch (kind) {
        case "brands":
          return callWithMessage("DELETE /admin/brands/:id", input);
        case "units":
          return callWithMessage("DELETE /admin/units/:id", input);
        case "sizes":
          return callWithMessage("DELETE /admin/sizes/:id", input);
        case "colors":
          return callWithMessage("DELETE /admin/colors/:id", input);
      }
    },
    [adminCatalogKeys.brands, adminCatalogKeys.units, adminCatalogKeys.sizes, adminCatalogKeys.colors],
  );
