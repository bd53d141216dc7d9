import type { ProductBody, ProductFormOptions, SellerProductDetail } from "@market/contract";
import type { Path } from "react-hook-form";

/** The form's values as the contract's body takes them (major units, ids, HTML). */
export type ProductFormValues = ProductBody;

const emptyTranslation = { name: "", short_description: "", description: "" };

function translationsFor(options: ProductFormOptions, saved: SellerProductDetail["translations"] = {}) {
  return Object.fromEntries(
    options.languages.map((l) => {
      const t = saved[l.code];
      return [
        l.code,
        t
          ? { name: t.name ?? "", short_description: t.short_description ?? "", description: t.description }
          : emptyTranslation,
      ];
    }),
  );
}

/** A new product: published, no options, one stock row. */
export function emptyProduct(options: ProductFormOptions): ProductFormValues {
  return {
    name: "",
    short_description: "",
    description: "",
    translations: translationsFor(options),
    // Chosen by the seller; the contract's "required" shows until then.
    category_id: undefined as unknown as number,
    sub_category_id: null,
    brand_id: null,
    unit_id: null,
    vat_tax_id: null,
    price: undefined as unknown as number,
    discount_price: 0,
    sizes: [],
    colors: [],
    variants: [{ size_id: 0, color_id: 0, stock: 0, sku: "" }],
    images: [],
    meta_title: "",
    meta_description: "",
    is_active: true,
  };
}

/** The saved product as the form edits it (blank texts instead of nulls). */
export function productValues(p: SellerProductDetail, options: ProductFormOptions): ProductFormValues {
  return {
    name: p.name,
    short_description: p.short_description ?? "",
    description: p.description,
    translations: translationsFor(options, p.translations),
    category_id: p.category_id,
    sub_category_id: p.sub_category_id,
    brand_id: p.brand_id,
    unit_id: p.unit_id,
    vat_tax_id: p.vat_tax_id,
    price: p.price,
    discount_price: p.discount_price,
    sizes: p.sizes.map((s) => ({ id: s.id, surcharge: s.surcharge })),
    colors: p.colors.map((c) => ({ id: c.id, surcharge: c.surcharge })),
    variants: p.variants.map((v) => ({ size_id: v.size_id, color_id: v.color_id, stock: v.stock, sku: v.sku ?? "" })),
    images: [...p.images],
    meta_title: p.meta_title ?? "",
    meta_description: p.meta_description ?? "",
    is_active: p.is_active,
  };
}

const BASE_FIELDS = [
  "name",
  "short_description",
  "description",
  "category_id",
  "sub_category_id",
  "brand_id",
  "unit_id",
  "vat_tax_id",
  "price",
  "discount_price",
  "sizes",
  "colors",
  "variants",
  "images",
  "meta_title",
  "meta_description",
  "is_active",
] as const;

/**
 * Every field a server's field error can name for these values, nested ones by their path as the
 * server names them ("variants.1.sku", "translations.ar.name").
 */
export function fieldPaths(v: ProductFormValues): Path<ProductFormValues>[] {
  const paths: string[] = [...BASE_FIELDS];
  for (const i of v.variants.keys()) paths.push(`variants.${i}.stock`, `variants.${i}.sku`);
  for (const i of (v.sizes ?? []).keys()) paths.push(`sizes.${i}.surcharge`);
  for (const i of (v.colors ?? []).keys()) paths.push(`colors.${i}.surcharge`);
  for (const code of Object.keys(v.translations ?? {})) {
    paths.push(
      `translations.${code}.name`,
      `translations.${code}.short_description`,
      `translations.${code}.description`,
    );
  }
  return paths as Path<ProductFormValues>[];
}
