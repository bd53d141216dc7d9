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
      className="group flex flex-col items-center gap-2 rounded-2xl p-1 text-center hover:bg-white focus-visible:bg-white"
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
      {/* A word longer than its tile (an operator's own names) breaks inside it rather than run into the next one. */}
      <span className="line-clamp-2 min-h-8 w-full hyphens-auto text-xs font-medium leading-4 text-slate-800 [overflow-wrap:anywhere] md:min-h-10 md:text-sm md:leading-5">
        {category.name}
      </span>
    </Link>
  );
}

export function CategoryTileSkeleton() {
  return (
    <div className="flex flex-col items-center gap-2 p-1" aria-hidden="true">
      <Skeleton className="aspect-square w-full max-w-24 rounded-full" />
      <Skeleton className="h-8 w-3/4 md:h-10" />
    </div>
  );
}

/**
 * On a phone one row of every tile, scrolled sideways edge to edge like the other phone rows
 * (rails, a category's chips), each wide enough for the demo's longest word
 * at 12 px ("Informatique"): four columns left 64 px, and "Electronics" broke in the middle. From
 * 640 px a grid of as many tiles as it has columns; the names stay at 12 px up to 768 px, where six
 * columns first fit them at 14 px.
 */
export const CATEGORY_GRID =
  "-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:grid sm:grid-cols-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-8 xl:grid-cols-10";

/** The class of the `li` holding tile `i` (from 0) in CATEGORY_GRID. */
export const categoryCell = (i: number) =>
  `w-22 shrink-0 sm:w-auto ${i >= 8 ? "sm:hidden xl:block" : i >= 6 ? "sm:hidden lg:block" : ""}`;
