/**
 * Light and dark: the system's setting unless the person picked one, remembered in this
 * browser. The choice is an attribute on <html> that the stylesheet reads.
 */

export type Theme = 'light' | 'dark';
const KEY = 'ninefold-theme';

/** The theme picked here before, if any. */
export function storedTheme(): Theme | undefined {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The theme the system asks for. */
export function systemTheme(): Theme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * Applies a theme (or the stored one) to the document; called before the first render so
 * the page never flashes the other theme.
 * @example applyTheme(storedTheme());
 */
export function applyTheme(theme: Theme | undefined): void {
  const root = document.documentElement;
  if (theme) root.dataset.theme = theme;
  else delete root.dataset.theme;
}

/**
 * Picks a theme and remembers it.
 * @example chooseTheme('dark');
 */
export function chooseTheme(theme: Theme): void {
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  applyTheme(theme);
}
