import type { CartShopGroup, PlaceOrderData } from "@market/contract";
import { ORDER_NOTE_MAX } from "@market/contract";
import { type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, NetworkError, randomKey } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { toast } from "../../ui/toast.ts";
import { useAddresses } from "../addresses/index.ts";
import {
  GuestUpgradeCard,
  GuestUpgradeDialog,
  storedGuestContact,
  storeGuestContact,
  useProfile,
  useUiStore,
  VerifyNotice,
} from "../auth/index.ts";
import { CartLine, CouponBox, useBuyNowCart, useCart, useCartStore, useCheckout } from "../cart/index.ts";
import { AmountLines, rememberUnpaidOrder, UnpaidOrderNotice } from "../orders/index.ts";
import { EmptyCartPage } from "./empty-cart.tsx";
import { GuestContact, guestContactError } from "./guest-contact.tsx";
import { OrderConfirmDialog, OrderPlacedDialog } from "./order-confirm-dialog.tsx";
import { PaymentMethods, usePaymentOptions } from "./payment-methods.tsx";
import { usePlaceOrder } from "./queries.ts";
import { ShippingAddress } from "./shipping-address.tsx";
import { VerifyAccountDialog } from "./verify-account-dialog.tsx";

const section = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-5";
const heading = "mb-3 text-base font-semibold text-slate-900";

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className={section} aria-labelledby={id}>
      <h2 id={id} className={heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <PageTitle>{t(title)}</PageTitle>
      {children}
    </div>
  );
}

/** Checkout of the selected shops of the cart, or (buyNow) of the buy-now cart. */
export function CheckoutView({ buyNow = false, title }: { buyNow?: boolean; title: string }) {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => !!s.token);
  const openLogin = useUiStore((s) => s.openLogin);
  const [placed, setPlaced] = useState<PlaceOrderData | null>(null);
  const [ordered, setOrdered] = useState(false);
  const { data: profile } = useProfile();
  const onPlaced = (data: PlaceOrderData) => {
    setPlaced(data);
    setOrdered(true);
  };
  // After a guest's order, above the checkout (whose lines have just left the cart) and while the
  // placed dialog is open or closed: the offer of an account that keeps the order.
  const upgradeOffer = ordered && profile?.is_guest && (
    <div className="mx-auto max-w-7xl px-4 pt-6 lg:pt-10">
      <GuestUpgradeCard />
    </div>
  );

  if (!signedIn)
    return (
      <Page title={title}>
        <EmptyState
          title={t("orders.login_to_checkout")}
          action={
            <Button type="button" onClick={openLogin} size="lg">
              {t("common.login")}
            </Button>
          }
        />
      </Page>
    );
  return (
    <>
      {upgradeOffer}
      {buyNow ? (
        <BuyNowCheckout title={title} onPlaced={onPlaced} />
      ) : (
        <CartCheckout title={title} onPlaced={onPlaced} />
      )}
      {/* It outlives the checkout, whose lines have just left the cart. */}
      {placed && <OrderPlacedDialog placed={placed} onClose={() => setPlaced(null)} />}
    </>
  );
}

type Props = { title: string; onPlaced: (placed: PlaceOrderData) => void };

function CartCheckout({ title, onPlaced }: Props) {
  const { t } = useTranslation();
  const { data: cart } = useCart();
  const selected = useCartStore((s) => s.selectedShopIds);
  const openDrawer = useCartStore((s) => s.openDrawer);
  if (!cart) return <CheckoutSkeleton title={title} />;
  if (cart.cart_items.length === 0) return <EmptyCartPage title={title} />;
  if (selected.length === 0)
    return (
      <Page title={title}>
        <UnpaidOrderNotice />
        <EmptyState
          title={t("cart.select_at_least_one_shop")}
          action={
            <Button type="button" onClick={openDrawer} size="lg">
              {t("orders.open_cart")}
            </Button>
          }
        />
      </Page>
    );
  return <CheckoutForm title={title} shopIds={selected} buyNow={false} onPlaced={onPlaced} />;
}

function BuyNowCheckout({ title, onPlaced }: Props) {
  const { data: cart } = useBuyNowCart();
  if (!cart) return <CheckoutSkeleton title={title} />;
  if (cart.cart_items.length === 0) return <EmptyCartPage title={title} />;
  return <CheckoutForm title={title} shopIds={cart.cart_items.map((g) => g.shop_id)} buyNow onPlaced={onPlaced} />;
}

function CheckoutSkeleton({ title }: { title: string }) {
  return (
    <Page title={title}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Skeleton className="h-96 rounded-2xl" />
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    </Page>
  );
}

/** One attempt to place the order: its key and what it was for (a change of any of it is a new attempt). */
type Attempt = { key: string; signature: string };

function CheckoutForm({ title, shopIds, buyNow, onPlaced }: Props & { shopIds: number[]; buyNow: boolean }) {
  const { t } = useTranslation();
  const noteId = useId();
  const couponCode = useCartStore((s) => s.couponCode);
  const addressId = useCartStore((s) => s.addressId);
  const setAddressId = useCartStore((s) => s.setAddressId);
  const { data: checkout, isFetching, isError, refetch } = useCheckout(shopIds, couponCode, { buyNow });
  // Until the totals come: their shape, or, when they could not be had, the failure and Reload.
  const waiting = (skeleton: string) =>
    isError ? <LoadError onReload={refetch} /> : <Skeleton className={`${skeleton} rounded-xl`} />;
  const { data: addresses } = useAddresses();
  const options = usePaymentOptions();
  const method = useCartStore((s) => s.paymentMethod);
  const setMethod = useCartStore((s) => s.setPaymentMethod);
  const note = useCartStore((s) => s.orderNote);
  const setNote = useCartStore((s) => s.setOrderNote);
  const [addOpen, setAddOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [upgrading, setUpgrading] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const sending = useRef(false);
  const place = usePlaceOrder();
  const { data: profile } = useProfile();
  const isGuest = profile?.is_guest === true;
  // A guest says where the order mail goes; a registered shopper has an email or phone already.
  const [contact, setContact] = useState(storedGuestContact);
  const [contactError, setContactError] = useState<string>();
  const contactRef = useRef<HTMLInputElement>(null);

  const chosen =
    addresses?.find((a) => a.id === addressId) ?? addresses?.find((a) => a.is_default) ?? addresses?.[0] ?? null;
  const payment = options?.find((o) => o.value === method) ?? options?.[0];
  const coupon = checkout?.apply_coupon?.valid ? couponCode : null;
  const body = chosen &&
    payment && {
      shop_ids: shopIds,
      address_id: chosen.id,
      note: note.trim() || null,
      payment_method: payment.value,
      coupon_code: coupon,
      ...(buyNow ? { is_buy_now: true } : {}),
      ...(isGuest ? { contact: contact.trim() } : {}),
      // What the confirm dialog shows: if the order now comes to another total, it is not placed.
      ...(checkout ? { expected_total: checkout.checkout.payable_amount } : {}),
    };

  const start = () => {
    if (isGuest) {
      const problem = guestContactError(contact);
      setContactError(problem && t(problem));
      if (problem) {
        contactRef.current?.focus();
        return;
      }
    }
    if (!chosen) {
      toast.error(t("orders.address_required"));
      setAddOpen(true);
      return;
    }
    if (!payment) return toast.error(t("orders.no_payment_method"));
    setConfirming(true);
  };

  const submit = () => {
    // A second click before the first's answer sends nothing more.
    if (!body || sending.current) return;
    sending.current = true;
    const signature = JSON.stringify(body);
    // The same attempt keeps its key, so a double click or a retry after a lost answer is one order.
    if (attempt.current?.signature !== signature) attempt.current = { key: randomKey(), signature };
    // Through the promise, not mutate's callbacks: those are dropped when this form unmounts, as it
    // does when the cart, refetched while the order was being placed, comes back without its lines.
    place
      .mutateAsync({ body, key: attempt.current.key })
      .then(
        ({ data }) => {
          attempt.current = null;
          if (isGuest) storeGuestContact(contact.trim());
          const store = useCartStore.getState();
          store.setCouponCode("");
          store.setOrderNote("");
          if (buyNow) store.setBuyNow(null);
          else store.setSelectedShops(store.selectedShopIds.filter((id) => !shopIds.includes(id)));
          if (data.order_payment_url) {
            if (data.orders[0]) rememberUnpaidOrder(data.orders[0].id);
            window.location.assign(data.order_payment_url);
            return;
          }
          setConfirming(false);
          onPlaced(data);
        },
        (e: unknown) => {
          // The server answered: that attempt is over. Without an answer the key is kept for the retry.
          if (e instanceof ApiError) attempt.current = null;
          setConfirming(false);
          if (e instanceof ApiError && e.code === "verify_required") {
            // A guest has no address of its own to verify: it creates its account first.
            if (isGuest) setUpgrading(true);
            else setVerifying(true);
            return;
          }
          if (e instanceof NetworkError) {
            // Still no answer after the retries: the order may exist, and the cart may be empty now.
            toast.error(t("orders.placed_unknown"), { duration: 20_000 });
            return;
          }
          const contactProblem = e instanceof ApiError ? e.fieldError("contact") : undefined;
          if (contactProblem) {
            setContactError(contactProblem);
            contactRef.current?.focus();
          }
          showApiError(e);
        },
      )
      .finally(() => {
        sending.current = false;
      });
  };

  const groups: CartShopGroup[] = checkout?.checkout_items ?? [];
  return (
    <Page title={title}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-5">
          <VerifyNotice forOrders />
          {isGuest && (
            <Section title={t("orders.contact_title")} id="checkout-contact">
              <GuestContact
                ref={contactRef}
                value={contact}
                error={contactError}
                onChange={(v) => {
                  setContact(v);
                  setContactError(undefined);
                }}
              />
            </Section>
          )}
          <Section title={t("orders.shipping_address")} id="checkout-address">
            <ShippingAddress
              addresses={addresses}
              chosen={chosen}
              onChoose={setAddressId}
              addOpen={addOpen}
              onAddOpenChange={setAddOpen}
            />
          </Section>
          <Section title={t("orders.items")} id="checkout-items">
            {!checkout ? (
              waiting("h-32")
            ) : (
              <div className="space-y-4">
                {groups.map((g) => (
                  <div key={g.shop_id} className="rounded-xl border border-slate-100" data-testid="checkout-shop">
                    <p className="flex items-center gap-2 border-b border-slate-100 bg-slate-50/60 px-3 py-2 text-sm font-semibold text-slate-900">
                      {g.shop_logo && <img src={g.shop_logo} alt="" className="size-6 rounded-full object-cover" />}
                      {g.shop_name}
                    </p>
                    <ul className="divide-y divide-slate-100 px-3">
                      {g.products.map((line) => (
                        <CartLine key={line.id} line={line} buyNow={buyNow} />
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            )}
          </Section>
          <Section title={t("orders.note")} id="checkout-note">
            <label htmlFor={noteId} className="sr-only">
              {t("orders.note")}
            </label>
            <textarea
              id={noteId}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={ORDER_NOTE_MAX}
              rows={3}
              placeholder={t("orders.note_placeholder")}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm outline-none placeholder:text-slate-400 focus:border-primary-500 focus:ring-2 focus:ring-primary-200"
            />
            <p className="mt-1 text-end text-xs text-slate-500">
              {note.length}/{ORDER_NOTE_MAX}
            </p>
          </Section>
          <Section title={t("orders.payment_method")} id="checkout-payment">
            {options ? (
              <PaymentMethods options={options} value={payment?.value ?? ""} onChange={setMethod} />
            ) : (
              <Skeleton className="h-14 rounded-xl" />
            )}
          </Section>
        </div>
        <aside className="lg:sticky lg:top-4 lg:self-start">
          <Section title={t("orders.order_summary")} id="checkout-summary">
            <div className="space-y-4">
              <CouponBox applied={checkout?.apply_coupon} />
              {checkout ? <AmountLines amounts={checkout.checkout} /> : waiting("h-40")}
              <Button
                type="button"
                onClick={start}
                disabled={!checkout || isFetching || !options?.length || groups.length === 0}
                size="none"
                className="w-full rounded-lg px-4 py-3 text-sm disabled:opacity-60"
              >
                {t("orders.place_order")}
              </Button>
            </div>
          </Section>
        </aside>
      </div>
      {confirming && chosen && payment && checkout && (
        <OrderConfirmDialog
          review={{
            address: chosen,
            paymentTitle: payment.title,
            paymentMethod: payment.value,
            shops: groups.length,
            payable: checkout.checkout.payable_amount,
          }}
          busy={place.isPending}
          onConfirm={submit}
          onClose={() => setConfirming(false)}
        />
      )}
      {upgrading && <GuestUpgradeDialog onClose={() => setUpgrading(false)} />}
      {verifying && (
        <VerifyAccountDialog
          onClose={() => setVerifying(false)}
          onVerified={() => {
            setVerifying(false);
            setConfirming(true);
          }}
        />
      )}
    </Page>
  );
}
