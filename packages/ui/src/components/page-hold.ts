/**
 * A page that holds on to its record while a dialog on it is open: when the record is
 * deleted, or the caller may no longer read it, the page would give way to "not found" and
 * take the dialog, and what the user typed in it, along. Held, the page stays, the dialog
 * says the record is gone, and the page gives way once the dialog closes.
 */
import { createContext, useCallback, useContext, useEffect, useState } from 'react';

type Hold = (delta: 1 | -1) => void;

const HoldContext = createContext<Hold | null>(null);

/** Provides the hold to the dialogs below a page (value from `usePageHolds`). */
export const PageHoldProvider = HoldContext.Provider;

/**
 * How many dialogs hold the page now, and the hold to provide to them.
 * @example const [held, hold] = usePageHolds(); <PageHoldProvider value={hold}>…</PageHoldProvider>
 */
export function usePageHolds(): [number, Hold] {
  const [held, setHeld] = useState(0);
  const hold = useCallback<Hold>((delta) => setHeld((n) => n + delta), []);
  return [held, hold];
}

/**
 * Holds the page while `open`; nothing where no page asked for it (the board).
 * @example useHoldPage(open);
 */
export function useHoldPage(open: boolean): void {
  const hold = useContext(HoldContext);
  useEffect(() => {
    if (!open || !hold) return;
    hold(1);
    return () => hold(-1);
  }, [open, hold]);
}
