import { type ProductCard, srcSetOf } from "@market/contract";
import { Link } from "react-router";
import { productPath } from "../../lib/product-path.ts";

/**
 * A list item's product picture, linking to the product. The item's name is its link for keyboards
 * and screen readers; the picture repeats it, so it is hidden from them.
 */
export function ProductThumb({ product, size }: { product: ProductCard; size: 64 | 88 }) {
  return (
    <Link to={productPath(product)} className="shrink-0" tabIndex={-1} aria-hidden="true">
      <img
        src={product.thumbnail}
        srcSet={srcSetOf(product.thumbnail)}
        sizes={`${size}px`}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        className={`${size === 64 ? "size-16" : "size-22"} rounded-xl border border-slate-100 object-cover`}
      />
    </Link>
  );
}
