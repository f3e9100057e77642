/**
 * The current time, ticking once a minute: enough for "due in 3 h", and cheap.
 */
import { useEffect, useState } from 'react';

/**
 * @example const now = useNow(); const late = Date.parse(dueAt) < now;
 */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
