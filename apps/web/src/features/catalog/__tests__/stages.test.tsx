import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { hydratingFirstPage, Later, Stages } from "../stages.tsx";

afterEach(cleanup);

describe("rendering a page in steps", () => {
  it("shows placeholders first, then each step's parts", async () => {
    const rendered: string[] = [];
    const Part = ({ name }: { name: string }) => {
      rendered.push(name);
      return <p>{name}</p>;
    };
    render(
      <Stages steps={2}>
        <p>first</p>
        <Later step={1} placeholder={<Part name="placeholder one" />}>
          <Part name="one" />
        </Later>
        <Later step={2} placeholder={<Part name="placeholder two" />}>
          <Part name="two" />
        </Later>
      </Stages>,
    );
    expect(screen.getByText("first")).toBeInTheDocument();
    expect(await screen.findByText("two")).toBeInTheDocument();
    // The first render held both placeholders; step 1 swapped in "one", then step 2 "two".
    expect(rendered).toEqual(["placeholder one", "placeholder two", "one", "two"]);
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

  it("renders the hydrated first page whole, later pages in steps again", () => {
    const rendered: string[] = [];
    const Part = ({ name }: { name: string }) => {
      rendered.push(name);
      return <p>{name}</p>;
    };
    const page = (
      <Stages steps={2}>
        <Later step={2} placeholder={<Part name="placeholder" />}>
          <Part name="whole" />
        </Later>
      </Stages>
    );
    hydratingFirstPage();
    render(page);
    // as the server's markup, the first render already has the last step
    expect(rendered).not.toContain("placeholder");
    cleanup();
    render(page);
    expect(rendered).toContain("placeholder");
    expect(screen.getByText("whole")).toBeInTheDocument();
  });
});
