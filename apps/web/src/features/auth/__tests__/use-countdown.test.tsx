import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCountdown } from "../use-countdown.ts";

function Countdown() {
  const { remaining, start, done } = useCountdown();
  return (
    <div>
      <output>{remaining}</output>
      {done && <span>at zero</span>}
      <button type="button" onClick={() => start()}>
        start
      </button>
      <button type="button" onClick={() => start(8)}>
        start at 8
      </button>
    </div>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const shown = () => Number(screen.getByRole("status").textContent);
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const start = () => act(() => screen.getByRole("button", { name: "start" }).click());

describe("useCountdown", () => {
  it("is at zero until started", () => {
    render(<Countdown />);
    expect(shown()).toBe(0);
    expect(screen.getByText("at zero")).toBeInTheDocument();
  });

  it("counts 60 s down one second at a time and stops at zero", () => {
    render(<Countdown />);
    start();
    expect(shown()).toBe(60);
    expect(screen.queryByText("at zero")).not.toBeInTheDocument();
    tick(999);
    expect(shown()).toBe(60);
    tick(1);
    expect(shown()).toBe(59);
    tick(58_000);
    expect(shown()).toBe(1);
    tick(1000);
    expect(shown()).toBe(0);
    expect(screen.getByText("at zero")).toBeInTheDocument();
    tick(5000);
    expect(shown()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("restarts from 60 on each start", () => {
    render(<Countdown />);
    start();
    tick(60_000);
    expect(shown()).toBe(0);
    start();
    expect(shown()).toBe(60);
    tick(30_500);
    start();
    expect(shown()).toBe(60);
    tick(1000);
    expect(shown()).toBe(59);
  });

  it("starts from the seconds a refusal names (a code sent moments ago)", () => {
    render(<Countdown />);
    act(() => screen.getByRole("button", { name: "start at 8" }).click());
    expect(shown()).toBe(8);
    expect(screen.queryByText("at zero")).not.toBeInTheDocument();
    tick(8000);
    expect(shown()).toBe(0);
    expect(screen.getByText("at zero")).toBeInTheDocument();
  });
});
