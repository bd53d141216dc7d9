import { type Category, srcSetOf } from "@market/contract";
import { Link } from "react-router";
import { Skeleton } from "../../ui/skeleton.tsx";
import { categoryPath } from "./category-path.ts";

export function CategoryTile({
  category,
  eager = false,
}: {
  category: Pick<Category, "slug" | "name" | "thumbnail">;
  eager?: boolean;
}) {
  return (
    <Link
      to={categoryPath(category.slug)}
      className="group flex flex-col items-center gap-2 rounded-2xl p-2 text-center hover:bg-white focus-visible:bg-white"
    >
      <span className="flex aspect-square w-full max-w-24 items-center justify-center overflow-hidden rounded-full bg-white shadow-sm ring-1 ring-slate-200 transition group-hover:ring-primary-300">
        <img
          src={category.thumbnail}
          srcSet={srcSetOf(category.thumbnail)}
          sizes="96px"
          alt=""
          width={96}
          height={96}
          loading={eager ? "eager" : "lazy"}
          className="h-full w-full object-cover transition group-hover:scale-105"
        />
      </span>
      {/* A long word ("Électronique") breaks inside its tile rather than run into the next one. */}
      <span className="line-clamp-2 min-h-10 w-full hyphens-auto text-sm font-medium leading-5 text-slate-800 [overflow-wrap:anywhere]">
        {category.name}
      </span>
    </Link>
  );
}

export function CategoryTileSkeleton() {
  return (
    <div className="flex flex-col items-center gap-2 p-2" aria-hidden="true">
      <Skeleton className="aspect-square w-full max-w-24 rounded-full" />
      <Skeleton className="h-10 w-3/4" />
    </div>
  );
}

export const CATEGORY_GRID = "grid grid-cols-4 gap-2 sm:grid-cols-6 lg:grid-cols-8 xl:grid-cols-10";
