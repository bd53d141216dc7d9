import { afterEach, describe, expect, it, vi } from "vitest";
import { setBootCookie } from "./boot-data.ts";

// boot-data.ts reads the page once per module instance, so each test loads fresh copies (and the
// auth store boot-data.ts sees with them: `signIn`).
async function freshBootData(json: string | null) {
  document.getElementById("boot-data")?.remove();
  if (json !== null) {
    const script = document.createElement("script");
    script.type = "application/json";
    script.id = "boot-data";
    script.textContent = json;
    document.body.append(script);
  }
  vi.resetModules();
  const boot = await import("./boot-data.ts");
  const { useAuthStore } = await import("./auth-store.ts");
  useAuthStore.setState({ token: null, user: null });
  return Object.assign(boot, { signIn: () => useAuthStore.setState({ token: "t" }) });
}

const page = JSON.stringify({
  locale: "ar",
  answers: { "/master": { app_name: "Shop" }, "/home": { banners: [] } },
});

afterEach(() => {
  document.getElementById("boot-data")?.remove();
  setBootCookie("locale", null);
  setBootCookie("signed_in", null);
});

describe("the page's boot data", () => {
  it("hands each answer out once, in the page's locale only", async () => {
    const boot = await freshBootData(page);
    expect(boot.bootLocaleOf()).toBe("ar");
    expect(boot.takeBootAnswer("en", "/master")).toBeUndefined();
    expect(boot.takeBootAnswer("ar", "/master")).toEqual({ app_name: "Shop" });
    expect(boot.takeBootAnswer("ar", "/master")).toBeUndefined();
    expect(boot.takeBootAnswer("ar", "/nothing")).toBeUndefined();
  });

  it("gives catalogue answers to visitors only", async () => {
    const signedIn = await freshBootData(page);
    signedIn.signIn();
    expect(signedIn.takeVisitorAnswer("ar", "/home")).toBeUndefined();
    const visitor = await freshBootData(page);
    expect(visitor.takeVisitorAnswer("ar", "/home")).toEqual({ banners: [] });
  });

  it("a page without boot data, or with a broken block, has none", async () => {
    expect((await freshBootData(null)).bootLocaleOf()).toBeUndefined();
    const broken = await freshBootData("{not json");
    expect(broken.bootLocaleOf()).toBeUndefined();
    expect(broken.takeBootAnswer("en", "/master")).toBeUndefined();
  });

  it("sets and clears the cookies the server reads", async () => {
    const boot = await freshBootData(null);
    boot.setBootCookie("locale", "ar");
    boot.setBootCookie("signed_in", "1");
    expect(document.cookie).toContain("locale=ar");
    expect(document.cookie).toContain("signed_in=1");
    boot.setBootCookie("signed_in", null);
    expect(document.cookie).not.toContain("signed_in");
  });
});
