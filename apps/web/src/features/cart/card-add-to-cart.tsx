import type { ProductCard } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../lib/auth-store.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { CartPlusIcon } from "../../ui/icons.tsx";
import { OptionChips } from "../../ui/option-chips.tsx";
import { useFormatPrice, useIsolateAmount } from "../settings/index.ts";
import { useAddToCart } from "./queries.ts";

/**
 * Add to Cart on a product card. A product without sizes or colours is added at once; one with
 * them asks which first (the server requires the choice), in a small dialog.
 */
export function CardAddToCart({
  product,
  className = "",
  labelled = false,
}: {
  product: ProductCard;
  className?: string;
  /** a button with the words 'Add to Cart' instead of an icon */
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  const { add, isPending } = useAddToCart();
  const [choosing, setChoosing] = useState(false);
  const hasOptions = product.sizes.length > 0 || product.colors.length > 0;
  const soldOut = product.quantity <= 0;
  return (
    <>
      <Button
        type="button"
        size={labelled ? "field" : "none"}
        weight={labelled ? "semibold" : "none"}
        disabled={soldOut}
        // aria-disabled, not disabled, while the request runs: a disabled button drops the keyboard focus.
        aria-disabled={isPending}
        onClick={() => {
          if (isPending) return;
          // A visitor is asked to sign in before choosing anything.
          if (hasOptions && useAuthStore.getState().token) setChoosing(true);
          else add({ product_id: product.id, quantity: 1, unit: product.unit?.id });
        }}
        aria-label={labelled ? undefined : t("cart.add_name_to_cart", { name: product.name })}
        className={`inline-flex items-center justify-center gap-2 shadow-sm aria-disabled:opacity-60 disabled:cursor-not-allowed disabled:bg-slate-300 ${
          labelled ? "" : "size-9 rounded-full"
        } ${className}`}
        data-testid="card-add-to-cart"
      >
        <CartPlusIcon className="size-5" />
        {labelled && t("cart.add_to_cart")}
      </Button>
      {choosing && <OptionsDialog product={product} onClose={() => setChoosing(false)} />}
    </>
  );
}

function OptionsDialog({ product, onClose }: { product: ProductCard; onClose: () => void }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const isolate = useIsolateAmount();
  const { add, isPending } = useAddToCart();
  const [sizeId, setSizeId] = useState(product.sizes[0]?.id ?? 0);
  const [colorId, setColorId] = useState(product.colors[0]?.id ?? 0);
  const surcharge = (n: number) => (n > 0 ? ` (${isolate(`+${formatPrice(n)}`)})` : "");
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t("cart.choose_options")} description={product.name}>
      <form
        className="mt-4 flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          add(
            { product_id: product.id, quantity: 1, size: sizeId, color: colorId, unit: product.unit?.id },
            { onSuccess: onClose },
          );
        }}
      >
        <OptionChips
          legend={t("cart.size")}
          name="size"
          options={product.sizes}
          value={sizeId}
          onChange={setSizeId}
          extra={(s) => surcharge(s.price)}
        />
        <OptionChips
          legend={t("cart.color")}
          name="color"
          options={product.colors}
          value={colorId}
          onChange={setColorId}
          swatch={(c) => c.color_code}
          extra={(c) => surcharge(c.price)}
        />
        <Button type="submit" disabled={isPending} size="none" className="h-11 rounded-xl text-sm disabled:opacity-60">
          {t("cart.add_to_cart")}
        </Button>
      </form>
    </Dialog>
  );
}
