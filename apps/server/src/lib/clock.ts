// The server's notion of "now". Tests replace it to step over expiry windows without sleeping.
let source: () => number = () => Date.now();

export const clock = {
  now: (): Date => new Date(source()),
  iso: (): string => new Date(source()).toISOString(),
  ms: (): number => source(),
  set(fn: () => number) {
    source = fn;
  },
  reset() {
    source = () => Date.now();
  },
};
