import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { usePhotoFiles } from "./photo-picker.tsx";

const photo = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: "image/png" });
const list = (files: File[]) => files as unknown as FileList;
const options = { max: 4, maxBytes: 100, tooLarge: "Too large", tooMany: "At most 4" };

describe("usePhotoFiles", () => {
  let unmount = () => {};
  afterEach(() => unmount());

  it("keeps the photos that fit when more are chosen than there is room for, and says why the rest were left", () => {
    const hook = renderHook(() => usePhotoFiles({ ...options, kept: 1 }));
    unmount = hook.unmount;
    act(() => hook.result.current.add(list(["a", "b", "c", "d", "e"].map((n) => photo(`${n}.png`)))));
    expect(hook.result.current.files.map((f) => f.name)).toEqual(["a.png", "b.png", "c.png"]);
    expect(hook.result.current.error).toBe("At most 4");
    expect(hook.result.current.room).toBe(0);
  });

  it("leaves out a photo that is too large and keeps the others", () => {
    const hook = renderHook(() => usePhotoFiles(options));
    unmount = hook.unmount;
    act(() => hook.result.current.add(list([photo("big.png", 101), photo("small.png")])));
    expect(hook.result.current.files.map((f) => f.name)).toEqual(["small.png"]);
    expect(hook.result.current.error).toBe("Too large");
    act(() => hook.result.current.add(list([photo("next.png")])));
    expect(hook.result.current.error).toBeUndefined();
    expect(hook.result.current.files).toHaveLength(2);
  });
});
