import { useParams } from "react-router";
import { ProductEditor } from "../../../features/seller-products/index.ts";

// One page for /seller/products/new (no id) and /seller/products/:id; their titles are in the router.

export function Component() {
  const { id } = useParams();
  return <ProductEditor id={id == null ? null : Number(id)} />;
}
