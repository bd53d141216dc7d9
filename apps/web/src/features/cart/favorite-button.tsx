import { useTranslation } from "react-i18next";
import { HeartIcon } from "../../ui/icons.tsx";
import { useFavoriteIds, useToggleFavorite } from "./queries.ts";

type Props = {
  product: { id: number; name: string };
  className?: string;
  size?: "sm" | "lg";
};

/**
 * The wishlist heart of a product card or page, filled for the shopper's favourites (their own
 * call, not the shared catalogue answer); a visitor gets the login dialog instead.
 */
export function FavoriteButton({ product, className = "", size = "sm" }: Props) {
  const { t } = useTranslation();
  const { toggle, isPending } = useToggleFavorite();
  const favorite = useFavoriteIds().has(product.id);
  const big = size === "lg";
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={t(favorite ? "cart.remove_from_wishlist" : "cart.add_to_wishlist", { name: product.name })}
      // aria-disabled, not disabled, while the request runs: a disabled button drops the keyboard focus.
      aria-disabled={isPending}
      onClick={() => !isPending && toggle(product.id)}
      className={`inline-flex items-center justify-center rounded-full border bg-white/95 shadow-sm transition hover:scale-105 aria-disabled:opacity-60 ${
        favorite ? "border-rose-200 text-rose-600" : "border-slate-200 text-slate-600 hover:text-rose-600"
      } ${big ? "size-12" : "size-9"} ${className}`}
      data-testid="favorite-button"
    >
      <HeartIcon filled={favorite} className={big ? "size-6" : "size-5"} />
    </button>
  );
}
