import { act, cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next, useTranslation } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";

// vite.config.ts gives the app's `react-i18next` imports the lighter useTranslation of this folder.

function instance() {
  const i18n = i18next.createInstance();
  i18n.use(initReactI18next).init({
    lng: "en",
    resources: {
      en: {
        translation: {
          "catalog.greeting": "Hello {{name}}",
          "catalog.items_one": "{{count}} item",
          "catalog.items_other": "{{count}} items",
        },
      },
      ar: { translation: { "catalog.greeting": "مرحبا {{name}}" } },
    },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

let renders = 0;
function Greeting() {
  const { t, i18n } = useTranslation();
  const [tFromArray, , ready] = useTranslation();
  renders++;
  return (
    <p>
      {t("catalog.greeting", { name: "Sam" })} | {tFromArray("catalog.items", { count: 2 })} | {i18n.language} |{" "}
      {String(ready)}
    </p>
  );
}

afterEach(cleanup);

describe("useTranslation", () => {
  it("translates with the provider's instance and re-renders when the language changes", async () => {
    const i18n = instance();
    render(
      <I18nextProvider i18n={i18n}>
        <Greeting />
      </I18nextProvider>,
    );
    expect(screen.getByText("Hello Sam | 2 items | en | true")).toBeInTheDocument();
    const before = renders;
    await act(() => i18n.changeLanguage("ar"));
    expect(screen.getByText(/مرحبا Sam \| .* \| ar/)).toBeInTheDocument();
    expect(renders).toBeGreaterThan(before);
  });

  it("is the app's own hook, one t shared per instance and language", () => {
    const i18n = instance();
    const seen: unknown[] = [];
    function Probe() {
      seen.push(useTranslation().t);
      return null;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Probe />
        <Probe />
      </I18nextProvider>,
    );
    expect(seen[0]).toBe(seen[1]);
  });
});
