// The reviews feature's public entry (issue 20): the product page's reviews, the order page's
// per-line action, the account area's list, the Seller Centre's and the admin console's pages.
export { AccountReviews } from "./account-reviews.tsx";
export { AdminReviews } from "./admin-reviews.tsx";
export { OrderLineReview } from "./order-line-review.tsx";
export { ProductReviews } from "./product-reviews.tsx";
export { SellerReviews } from "./seller-reviews.tsx";
