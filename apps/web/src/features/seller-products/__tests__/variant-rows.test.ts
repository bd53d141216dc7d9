import { describe, expect, it } from "vitest";
import { moved, variantGrid } from "../variant-rows.ts";

describe("variantGrid", () => {
  it("has one 0/0 row without sizes and colours", () => {
    expect(variantGrid([], [], [])).toEqual([{ size_id: 0, color_id: 0, stock: 0, sku: "" }]);
  });

  it("pairs every size with every colour and keeps what stays", () => {
    const current = [
      { size_id: 1, color_id: 0, stock: 5, sku: "S" },
      { size_id: 2, color_id: 0, stock: 7, sku: "M" },
    ];
    expect(variantGrid([1], [], current)).toEqual([{ size_id: 1, color_id: 0, stock: 5, sku: "S" }]);
    const grid = variantGrid([1, 2], [9, 8], [{ size_id: 2, color_id: 8, stock: 3, sku: "M-RED" }]);
    expect(grid.map((v) => [v.size_id, v.color_id, v.stock])).toEqual([
      [1, 9, 0],
      [1, 8, 0],
      [2, 9, 0],
      [2, 8, 3],
    ]);
    expect(grid[3]?.sku).toBe("M-RED");
  });
});

describe("moved", () => {
  it("moves an item and ignores places outside the list", () => {
    expect(moved(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moved(["a", "b"], 0, 5)).toEqual(["a", "b"]);
  });
});
