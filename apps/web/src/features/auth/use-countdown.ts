import { OTP_RESEND_SECONDS } from "@market/contract";
import { useCallback, useEffect, useState } from "react";

/** A seconds countdown that ticks once a second after each `start()` (from `from` seconds, or all) and stops at zero. */
export function useCountdown(seconds: number = OTP_RESEND_SECONDS) {
  const [remaining, setRemaining] = useState(0);
  const [run, setRun] = useState(0);

  useEffect(() => {
    if (run === 0) return;
    const id = setInterval(() => {
      setRemaining((r) => {
        if (r <= 1) clearInterval(id);
        return Math.max(0, r - 1);
      });
    }, 1000);
    return () => clearInterval(id);
  }, [run]);

  const start = useCallback(
    (from: number = seconds) => {
      setRemaining(Math.min(from, seconds));
      // A new run restarts the interval, so a resend gets a full first second.
      setRun((n) => n + 1);
    },
    [seconds],
  );

  return { remaining, start, done: remaining === 0 };
}
