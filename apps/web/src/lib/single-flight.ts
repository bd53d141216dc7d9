import type { MutateOptions, UseMutationResult } from "@tanstack/react-query";
import { useRef } from "react";

/**
 * A mutation's `mutate` that drops a call made while the last one is in flight. `isPending`, which
 * disables the button, only changes on the next render: two clicks faster than a frame would both
 * send (two units in the cart, "already collected" after a collect).
 */
export function useSingleFlight<D, E, V, C>(mutation: UseMutationResult<D, E, V, C>) {
  const busy = useRef(false);
  return (variables: V, options?: MutateOptions<D, E, V, C>) => {
    if (busy.current) return;
    busy.current = true;
    mutation.mutate(variables, {
      ...options,
      onSettled: (...settled) => {
        busy.current = false;
        options?.onSettled?.(...settled);
      },
    });
  };
}
