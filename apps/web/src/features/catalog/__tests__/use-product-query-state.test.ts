import { describe, expect, it } from "vitest";
import { applyPatch, parseProductQuery, productQueryToParams, toApiQuery } from "../use-product-query-state.ts";

const parse = (qs: string) => parseProductQuery(new URLSearchParams(qs));

describe("product list URL state", () => {
  it("reads every filter, the sort and the page from the URL", () => {
    expect(
      parse(
        "search=shirt&category_id=3&subcategory=9&brand_id=4&color_id=5&size_id=6&rating=4&min_price=10&max_price=99.5&sort=high_to_low&page=3",
      ),
    ).toEqual({
      search: "shirt",
      category_id: 3,
      sub_category_id: 9,
      brand_id: 4,
      color_id: 5,
      size_id: 6,
      rating: 4,
      min_price: 10,
      max_price: 99.5,
      sort: "high_to_low",
      page: 3,
    });
  });

  it("drops values the API would reject instead of sending them", () => {
    expect(parse("category_id=abc&rating=9&sort=cheapest&page=0&min_price=-1&brand_id=1.5")).toEqual({ page: 1 });
  });

  it("writes the same state back to the same URL (round trip), without defaults", () => {
    const qs = "search=shirt&category_id=3&subcategory=9&rating=4&min_price=10&sort=newest&page=2";
    expect(productQueryToParams(parse(qs)).toString()).toBe(qs);
    expect(productQueryToParams({ page: 1 }).toString()).toBe("");
  });

  it("starts again at page 1 when a filter or sort changes, and removes cleared filters", () => {
    const state = parse("brand_id=4&sort=newest&page=5");
    expect(applyPatch(state, { sort: "low_to_high" })).toEqual({ brand_id: 4, sort: "low_to_high", page: 1 });
    expect(applyPatch(state, { brand_id: undefined })).toEqual({ sort: "newest", page: 1 });
    expect(applyPatch(state, { page: 6 })).toEqual({ brand_id: 4, sort: "newest", page: 6 });
  });

  it("maps to the API query, where the page's fixed part wins", () => {
    expect(toApiQuery(parse("subcategory=9&category_id=2&page=2"), { category_id: 3, per_page: 20 })).toEqual({
      sub_category_id: 9,
      category_id: 3,
      page: 2,
      per_page: 20,
    });
  });
});
