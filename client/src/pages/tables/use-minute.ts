import { useEffect, useState } from 'react';

/** The time now, ticking once a minute: for marks that depend on the clock ("reserved 19:30", today's queue). */
export function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
