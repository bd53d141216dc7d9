import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import type { ProductFormValues } from "../form-values.ts";
import { ImageSection } from "../image-section.tsx";

function Images({ images }: { images: string[] }) {
  const form = useForm<ProductFormValues, unknown, unknown>({ defaultValues: { images } as ProductFormValues });
  return <ImageSection form={form} />;
}

const renderImages = (images: string[]) =>
  render(
    <I18nextProvider i18n={testI18n()}>
      <main>
        <h1>Product</h1>
        <Images images={images} />
      </main>
    </I18nextProvider>,
  );

const tiles = () => screen.getAllByTestId("product-image").map((li) => li.querySelector("img")?.getAttribute("src"));

afterEach(cleanup);

describe("ImageSection from the keyboard", () => {
  it("keeps the focus on a moved image's button, or its other move button at the list's end", async () => {
    const user = userEvent.setup();
    renderImages(["/a.jpg", "/b.jpg", "/c.jpg"]);
    await user.click(screen.getByRole("button", { name: "Move image 1 later" }));
    expect(tiles()).toEqual(["/b.jpg", "/a.jpg", "/c.jpg"]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move image 2 later" }));
    await user.keyboard("{Enter}");
    expect(tiles()).toEqual(["/b.jpg", "/c.jpg", "/a.jpg"]);
    // Now last: its "later" button is disabled, so the focus is on its "earlier" one.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move image 3 earlier" }));
  });

  it("hands the focus to the next image's remove button, or the one before", async () => {
    const user = userEvent.setup();
    renderImages(["/a.jpg", "/b.jpg"]);
    await user.click(screen.getByRole("button", { name: "Remove image 1" }));
    expect(tiles()).toEqual(["/b.jpg"]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove image 1" })));
    // The last one gone, the keyboard goes on from the page's heading.
    await user.keyboard("{Enter}");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Product" })));
  });
});
