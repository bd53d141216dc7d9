import { useParams } from "react-router";
import { StaticPage } from "../../features/content/index.ts";

export const handle = { title: "content.policy" };

export function Component() {
  const { slug = "" } = useParams();
  return <StaticPage key={slug} slug={slug} />;
}
