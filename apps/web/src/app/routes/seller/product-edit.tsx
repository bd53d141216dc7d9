import { useParams } from "react-router";
import { ProductEditor } from "../../../features/seller-products/index.ts";

// One page for /seller/products/new (no id) and /seller/products/:id.
export const handle = { title: "seller_products.edit_product" };

export function Component() {
  const { id } = useParams();
  return <ProductEditor id={id == null ? null : Number(id)} />;
}
