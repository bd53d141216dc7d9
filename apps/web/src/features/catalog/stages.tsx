import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from "react";

// A long page renders in steps: its first render holds what is above the fold (and light
// placeholders below it), so the page paints sooner; each further step renders more, as a
// transition after the previous step is committed. React renders transitions in slices that keep
// the main thread free, so no step blocks input for long. Outside <Stages> everything renders at once.

const StageContext = createContext(Number.POSITIVE_INFINITY);

// A page the server renders (entry-server.tsx) paints before any script runs, so it has every step
// at once; the browser hydrates that markup as it is. Steps are for the pages the browser renders.
let wholeFirstPage = typeof document === "undefined";

/** The first page is hydrated from the server's markup (start.tsx): its first render has every step. */
export function hydratingFirstPage() {
  wholeFirstPage = true;
}

/** Runs `steps` render steps for the <Later> parts inside, starting once `ready` (the page's data is there). */
export function Stages({ steps, ready = true, children }: { steps: number; ready?: boolean; children: ReactNode }) {
  const [done, setDone] = useState(() => (wholeFirstPage ? steps : 0));
  useEffect(() => {
    if (typeof document !== "undefined") wholeFirstPage = false;
  }, []);
  useEffect(() => {
    if (ready && done < steps) startTransition(() => setDone(done + 1));
  }, [ready, done, steps]);
  // Only the <Later> parts read the step, so a step re-renders nothing else.
  return <StageContext.Provider value={done}>{children}</StageContext.Provider>;
}

/** `children` from render step `step` on; `placeholder` (of the same size) before. */
export function Later({
  step,
  placeholder = null,
  children,
}: {
  step: number;
  placeholder?: ReactNode;
  children: ReactNode;
}) {
  return useContext(StageContext) >= step ? children : placeholder;
}
