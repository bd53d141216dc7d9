// The catalogue feature's public entry: everything the app and other features use of it;
// they import nothing else from features/catalog/ (lint:deps).
export { BannerCarousel, BannerSkeleton } from "./banner-carousel.tsx";
export { categoryPath } from "./category-path.ts";
export { CATEGORY_GRID, CategoryTile, CategoryTileSkeleton, categoryCell } from "./category-tile.tsx";
export { Countdown } from "./countdown.tsx";
export { useDeliveryTime } from "./delivery-time.ts";
export { ProductCard, ProductCardSkeleton } from "./product-card.tsx";
export { ProductGallery } from "./product-gallery.tsx";
export { EmptyState, ProductGrid } from "./product-grid.tsx";
export { ProductListing } from "./product-listing.tsx";
export { ProductPurchase } from "./product-purchase.tsx";
export {
  catalogKeys,
  useBestDeal,
  useBrands,
  useCategories,
  useFlashSale,
  useHome,
  useMostPopular,
  useProductCards,
  useProductDetails,
  useSearchSuggestions,
  useShop,
  useShops,
} from "./queries.ts";
export { Rail } from "./rail.tsx";
export { Rating } from "./rating.tsx";
export { othersViewed, useRecentlyViewed } from "./recently-viewed.ts";
export { PAGE, PageHeading, Section } from "./section.tsx";
export { SHOP_GRID, ShopCard, ShopCardSkeleton } from "./shop-card.tsx";
export { hydratingFirstPage, Later, Stages } from "./stages.tsx";
export { useProductQueryState } from "./use-product-query-state.ts";
