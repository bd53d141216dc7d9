import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { useState } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import support from "../../../../../../packages/contract/locales/en/support.json";
import { AttachmentsField } from "../attachments-field.tsx";

afterEach(cleanup);

function i18n() {
  const messages = Object.fromEntries(Object.entries(support).map(([k, v]) => [`support.${k}`, v]));
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: "en",
    resources: { en: { translation: messages } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

let latest: File[] = [];
function Harness() {
  const [files, setFiles] = useState<File[]>([]);
  latest = files;
  return (
    <I18nextProvider i18n={i18n()}>
      <AttachmentsField files={files} onChange={setFiles} />
    </I18nextProvider>
  );
}

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe("ticket attachments", () => {
  it("lists chosen files and removes one", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText("Add files"), [
      file("a.pdf", "application/pdf"),
      file("b.png", "image/png"),
    ]);
    expect(screen.getByText("a.pdf")).toBeInTheDocument();
    expect(screen.getByText("b.png")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove a.pdf" }));
    expect(latest.map((f) => f.name)).toEqual(["b.png"]);
  });

  it("refuses other types, files over 2 MB and a sixth file with the server's messages", async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    const input = screen.getByLabelText("Add files");
    await user.upload(input, file("notes.txt", "text/plain"));
    expect(screen.getByText("Each attachment must be a file of type: jpg, png, pdf.")).toBeInTheDocument();
    await user.upload(input, file("big.pdf", "application/pdf", 2 * 1024 * 1024 + 1));
    expect(screen.getByText("Each attachment must not be greater than 2048 kilobytes.")).toBeInTheDocument();
    await user.upload(
      input,
      ["1", "2", "3", "4", "5", "6"].map((n) => file(`${n}.jpg`, "image/jpeg")),
    );
    expect(screen.getByText("You may attach at most 5 files.")).toBeInTheDocument();
    expect(latest).toEqual([]);
  });
});
