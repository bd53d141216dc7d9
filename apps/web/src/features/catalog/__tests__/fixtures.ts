import { type ProductCard, type ProductDetails, productCard, productDetailsAnswer } from "@market/contract";

const shop = {
  id: 3,
  name: "Urban Threads",
  slug: "urban-threads",
  logo: "/media/shops/3.svg",
  rating: 4.5,
  estimated_delivery_time: "2-3 days",
  delivery_charge: 4.99,
  is_open: true,
};

export function cardFixture(over: Partial<ProductCard> = {}): ProductCard {
  return productCard.parse({
    id: 7,
    name: "Classic Cotton Shirt",
    slug: "classic-cotton-shirt",
    thumbnail: "/media/products/7.svg",
    price: 40,
    discount_price: 30,
    discount_percentage: 25,
    rating: 4.2,
    total_reviews: 12,
    total_sold: 80,
    quantity: 9,
    sizes: [],
    colors: [],
    unit: null,
    brand: { id: 2, name: "Northwind", slug: "northwind" },
    category: { id: 1, name: "Fashion", slug: "fashion" },
    shop,
    flash_sale: null,
    ...over,
  });
}

/** A product with sizes M (+0) and XL (+5), colour Blue (+0); XL in stock, L sold out. */
export function detailsAnswerFixture(over: Partial<ProductDetails> = {}) {
  const card = cardFixture({
    price: 20,
    discount_price: 0,
    discount_percentage: 0,
    sizes: [
      { id: 11, name: "M", price: 0 },
      { id: 12, name: "L", price: 2 },
      { id: 13, name: "XL", price: 5 },
    ],
    colors: [{ id: 21, name: "Blue", color_code: "#1d4ed8", price: 0 }],
    unit: { id: 1, name: "Piece" },
  });
  return productDetailsAnswer.parse({
    product: {
      ...card,
      short_description: "A soft shirt for every day.",
      description: "<p>Made of <strong>organic cotton</strong>.</p>",
      thumbnails: ["/media/products/7-b.svg"],
      variants: [
        { size_id: 11, color_id: 21, stock: 4, price: 20, discount_price: 0, discount_percentage: 0 },
        { size_id: 12, color_id: 21, stock: 0, price: 22, discount_price: 0, discount_percentage: 0 },
        { size_id: 13, color_id: 21, stock: 2, price: 25, discount_price: 0, discount_percentage: 0 },
      ],
      vat: null,
      sub_category: null,
      meta_title: "Classic Cotton Shirt",
      meta_description: "A soft shirt",
      review_summary: {
        average: 4.2,
        count: 12,
        percentages: { "5": 50, "4": 30, "3": 10, "2": 5, "1": 5 },
        counts: { "5": 6, "4": 4, "3": 1, "2": 1, "1": 0 },
      },
      reviews: [],
      ...over,
    },
    related_products: [],
    popular_products: [],
  });
}
