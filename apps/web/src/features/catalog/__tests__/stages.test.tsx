import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Later, Stages } from "../stages.tsx";

afterEach(cleanup);

describe("rendering a page in steps", () => {
  it("shows placeholders first, then each step's parts", async () => {
    render(
      <Stages steps={2}>
        <p>first</p>
        <Later step={1} placeholder={<p>placeholder one</p>}>
          <p>one</p>
        </Later>
        <Later step={2} placeholder={<p>placeholder two</p>}>
          <p>two</p>
        </Later>
      </Stages>,
    );
    expect(screen.getByText("first")).toBeInTheDocument();
    expect(await screen.findByText("one")).toBeInTheDocument();
    expect(await screen.findByText("two")).toBeInTheDocument();
    expect(screen.queryByText(/placeholder/)).toBeNull();
  });

  it("waits for the page's data before stepping", () => {
    render(
      <Stages steps={1} ready={false}>
        <Later step={1} placeholder={<p>placeholder</p>}>
          <p>later</p>
        </Later>
      </Stages>,
    );
    expect(screen.getByText("placeholder")).toBeInTheDocument();
    expect(screen.queryByText("later")).toBeNull();
  });

  it("renders everything at once outside <Stages>", () => {
    render(
      <Later step={3} placeholder={<p>placeholder</p>}>
        <p>now</p>
      </Later>,
    );
    expect(screen.getByText("now")).toBeInTheDocument();
  });
});
