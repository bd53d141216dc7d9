import { NotFoundPage } from "../../features/layout/index.ts";

export const handle = { title: "common.page_not_found" };

export function Component() {
  return <NotFoundPage />;
}
