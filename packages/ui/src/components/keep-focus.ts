/**
 * Focus after a change that removed the focused control (a transition's button is gone once
 * the record moves on): rather than dropping to the document's body, where a keyboard or
 * screen-reader user would lose their place, it goes to a sensible element nearby.
 */

/** How long the focused control is watched: long enough for the refetch an action causes. */
const WATCH_MS = 5_000;

function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

function focusFirst(selectors: readonly string[]): void {
  for (const s of [...selectors, 'main h1']) {
    const el = document.querySelector<HTMLElement>(s);
    if (el) {
      el.focus();
      return;
    }
  }
}

/**
 * When focus is lost (nothing, or the body, is focused), focuses the first element found for
 * the selectors, else the page's heading. Checks a frame later, so React has drawn the
 * change, and then keeps watching the focused control for a few seconds: the render that
 * removes it may come later, with the refetch the action caused. Focus the user moves
 * elsewhere meanwhile is left alone.
 * @example await run(); keepFocus(`[data-card="${id}"] button`);
 */
export function keepFocus(...selectors: string[]): void {
  requestAnimationFrame(() => {
    if (focusLost()) return focusFirst(selectors);
    const watched = document.activeElement;
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    const observer = new MutationObserver(() => {
      if (document.activeElement !== watched && watched?.isConnected) return stop();
      if (watched?.isConnected) return;
      stop();
      if (focusLost()) focusFirst(selectors);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(stop, WATCH_MS);
  });
}
