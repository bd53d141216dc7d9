import { useParams } from "react-router";
import { StaticPage } from "../../features/content/page-view.tsx";

export const handle = { title: "content.policy" };

export function Component() {
  const { slug = "" } = useParams();
  return <StaticPage key={slug} slug={slug} />;
}
