import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MessageText } from "../../../ui/message-text.tsx";
import { chatTime } from "../chat-time.ts";

afterEach(cleanup);

describe("MessageText", () => {
  it("shows HTML in a message as the characters typed", () => {
    const text = `<script>alert(1)</script><img src=x onerror="alert(2)">`;
    const { container } = render(<MessageText text={text} />);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe(text);
  });

  it("turns links into anchors opening in a new tab without the opener", () => {
    render(<MessageText text="Look at https://example.com/p?id=1&x=2. Or www.shop.test, thanks" />);
    const links = screen.getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://example.com/p?id=1&x=2",
      "https://www.shop.test",
    ]);
    for (const a of links) {
      expect(a).toHaveAttribute("target", "_blank");
      expect(a).toHaveAttribute("rel", "noopener noreferrer");
    }
    // The sentence's full stop and comma stay outside the links.
    expect(links[0]).toHaveTextContent(/^https:\/\/example\.com\/p\?id=1&x=2$/);
    expect(links[1]).toHaveTextContent(/^www\.shop\.test$/);
  });

  it("sets a link left to right, so an Arabic path keeps its place in the address", () => {
    render(<MessageText text="رابط https://example.com/ar/منتج?id=5 هنا" />);
    expect(screen.getByRole("link")).toHaveAttribute("dir", "ltr");
    expect(screen.getByRole("link")).toHaveTextContent("https://example.com/ar/منتج?id=5");
  });

  it("links nothing but http(s) addresses", () => {
    const { container } = render(<MessageText text={`javascript:alert(1) data:text/html,<b>x</b> ftp://files.test`} />);
    expect(container.querySelector("a")).toBeNull();
  });

  it("ends a link at a quote or an angle bracket, so markup cannot ride along in the address", () => {
    render(<MessageText text={`https://evil.test/"><img src=x onerror=alert(1)>`} />);
    expect(screen.getByRole("link")).toHaveAttribute("href", "https://evil.test/");
  });

  it("keeps the writer's line breaks", () => {
    const { container } = render(<MessageText text={"line one\nline two"} />);
    expect(container.textContent).toBe("line one\nline two");
    expect(container.firstElementChild).toHaveClass("whitespace-pre-wrap");
  });
});

describe("chatTime", () => {
  it("formats as 'hh:mm a, DD MMM, YYYY' in local time", () => {
    expect(chatTime(new Date(2024, 0, 5, 14, 7).toISOString())).toBe("02:07 pm, 05 Jan, 2024");
    expect(chatTime(new Date(2025, 11, 31, 0, 30).toISOString())).toBe("12:30 am, 31 Dec, 2025");
  });
});
