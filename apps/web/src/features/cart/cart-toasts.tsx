import { type CartProduct, srcSetOf, TOAST_CART_MS } from "@market/contract";
import { Button } from "../../ui/button.tsx";
import { toast } from "../../ui/toast.ts";

type T = (key: string) => string;

/**
 * The cart toasts of spec section 2: thumbnail, name, a text and one action; 3 s, no progress bar.
 * They stay clickable while the (modal) drawer blocks pointer events on the rest of the page.
 */
function cartToast(
  line: CartProduct,
  text: string,
  actionLabel: string,
  onAction: () => void,
  tone: "add" | "remove",
  id?: string,
) {
  toast.custom(
    (id) => (
      <div
        style={{ pointerEvents: "auto" }}
        className="flex w-[var(--width,356px)] max-w-[calc(100vw-2rem)] items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
        data-testid={`cart-toast-${tone}`}
      >
        <img
          src={line.thumbnail}
          srcSet={srcSetOf(line.thumbnail)}
          sizes="48px"
          alt=""
          width={48}
          height={48}
          className="size-12 shrink-0 rounded-lg border border-slate-100 object-cover"
        />
        <div className="min-w-0 flex-1">
          <p className="name-line truncate text-sm font-semibold text-slate-900">{line.name}</p>
          <p className={`text-xs ${tone === "add" ? "text-emerald-700" : "text-rose-700"}`}>{text}</p>
        </div>
        <Button
          type="button"
          onClick={() => {
            toast.dismiss(id);
            onAction();
          }}
          size="xs"
          className="shrink-0"
        >
          {actionLabel}
        </Button>
      </div>
    ),
    { duration: TOAST_CART_MS, ...(id && { id }) },
  );
}

/** The "Added to cart" toasts still shown: opening the cart puts them away (the cart shows the line). */
const added = new Set<string>();
let addedCount = 0;

export function showAddedToast(line: CartProduct, t: T, viewInCart: () => void) {
  const id = `cart-added-${++addedCount}`;
  cartToast(line, t("cart.added_to_cart"), t("cart.view_in_cart"), viewInCart, "add", id);
  added.add(id);
  setTimeout(() => added.delete(id), TOAST_CART_MS + 1000);
}

/** On a phone an "Added to cart" toast would cover the opened cart's first shop for its 3 s. */
export function dismissAddedToasts() {
  for (const id of added) toast.dismiss(id);
  added.clear();
}

export function showRemovedToast(line: CartProduct, t: T, addAgain: () => void) {
  cartToast(line, t("cart.removed_from_cart"), t("cart.again_add_to_cart"), addAgain, "remove");
}
