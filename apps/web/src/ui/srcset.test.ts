import { describe, expect, it } from "vitest";
import { srcSetOf } from "./srcset.ts";

const uuid = "0b6f3c1e-8a5d-4b7e-9f21-3c4d5e6f7a8b";

describe("srcSetOf", () => {
  it("lists every kept width of an uploaded product image", () => {
    expect(srcSetOf(`/uploads/products/${uuid}-800.webp`)).toBe(
      `/uploads/products/${uuid}-200.webp 200w, /uploads/products/${uuid}-400.webp 400w, /uploads/products/${uuid}-800.webp 800w`,
    );
  });

  it("answers nothing for other images", () => {
    expect(srcSetOf("/images/products/phone.jpg")).toBeUndefined();
    expect(srcSetOf(`/uploads/shops/${uuid}-800.webp`)).toBeUndefined();
    expect(srcSetOf(`/uploads/products/${uuid}-400.webp`)).toBeUndefined();
    expect(srcSetOf(undefined)).toBeUndefined();
  });
});
