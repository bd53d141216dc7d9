import { StaticPage } from "../../features/content/index.ts";

export const handle = { title: "content.terms_and_conditions" };

export function Component() {
  return <StaticPage slug="terms-and-conditions" />;
}
