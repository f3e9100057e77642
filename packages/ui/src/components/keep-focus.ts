/**
 * Focus after a change that removed the focused control (a transition's button is gone once
 * the record moves on): rather than dropping to the document's body, where a keyboard or
 * screen-reader user would lose their place, it goes to a sensible element nearby.
 */

/**
 * When focus was lost (nothing, or the body, is focused), focuses the first element found
 * for the selectors, else the page's heading. Waits a frame so React has drawn the change.
 * @example await run(); keepFocus(`[data-card="${id}"] button`);
 */
export function keepFocus(...selectors: string[]): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    for (const s of [...selectors, 'main h1']) {
      const el = document.querySelector<HTMLElement>(s);
      if (el) {
        el.focus();
        return;
      }
    }
  });
}
