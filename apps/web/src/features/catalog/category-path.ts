/** The list's URL parameter of a sub-category; the category menu's links name it so too. */
export const SUB_CATEGORY_PARAM = "subcategory";

/** A category's list, by slug or id, narrowed to one of its sub-categories when one is given. */
export const categoryPath = (category: string | number, subCategoryId?: number | null): string =>
  `/categories/${category}${subCategoryId == null ? "" : `?${SUB_CATEGORY_PARAM}=${subCategoryId}`}`;
