import { describe, expect, it } from "vitest";
import { srcSetOf } from "./images.ts";

const uuid = "0b6f3c1e-8a5d-4b7e-9f21-3c4d5e6f7a8b";

describe("srcSetOf", () => {
  it("lists every kept width of an uploaded product image", () => {
    expect(srcSetOf(`/uploads/products/${uuid}-800.webp`)).toBe(
      `/uploads/products/${uuid}-200.webp 200w, /uploads/products/${uuid}-400.webp 400w, /uploads/products/${uuid}-800.webp 800w`,
    );
  });

  it("lists the widths of the demo's raster artwork up to the one its URL names", () => {
    expect(srcSetOf("/media/product/linen-shirt-2-800.webp")).toBe(
      "/media/product/linen-shirt-2-200.webp 200w, /media/product/linen-shirt-2-400.webp 400w, /media/product/linen-shirt-2-800.webp 800w",
    );
    expect(srcSetOf("/media/banner/banner-1-1200.webp")?.split(", ")).toEqual([
      "/media/banner/banner-1-200.webp 200w",
      "/media/banner/banner-1-400.webp 400w",
      "/media/banner/banner-1-800.webp 800w",
      "/media/banner/banner-1-1200.webp 1200w",
    ]);
  });

  it("answers nothing for other images", () => {
    expect(srcSetOf("/images/products/phone.jpg")).toBeUndefined();
    expect(srcSetOf("/media/product/linen-shirt-2.svg?t=Linen")).toBeUndefined();
    expect(srcSetOf(`/uploads/shops/${uuid}-800.webp`)).toBeUndefined();
    expect(srcSetOf("/media/product/linen-shirt-2-300.webp")).toBeUndefined();
    expect(srcSetOf("https://cdn.example.com/a-800.webp")).toBeUndefined();
    expect(srcSetOf(undefined)).toBeUndefined();
  });
});
