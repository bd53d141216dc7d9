import { describe, expect, it } from "vitest";
import { productQuery } from "./catalog.ts";

describe("productQuery", () => {
  it("fills paging defaults and coerces query strings", () => {
    expect(productQuery.parse({ category_id: "3", min_price: "9.5" })).toEqual({
      page: 1,
      per_page: 20,
      category_id: 3,
      min_price: 9.5,
    });
  });

  it.each([
    [{ page: "0" }, "page"],
    [{ per_page: "101" }, "per_page"],
    [{ sort: "cheapest" }, "sort"],
    [{ search: "x".repeat(101) }, "search"],
    [{ rating: "6" }, "rating"],
    [{ color_id: "-1" }, "color_id"],
    [{ unknown: "1" }, ""],
  ])("rejects %o naming the field", (query, field) => {
    const result = productQuery.safeParse(query);
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path[0] ?? "").toBe(field);
  });

  it("trims the search text", () => {
    expect(productQuery.parse({ search: "  red shirt " }).search).toBe("red shirt");
  });
});
