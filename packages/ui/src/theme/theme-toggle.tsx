/**
 * The dark-theme switch in the header: a toggle button (aria-pressed), starting from the
 * system's setting until pressed.
 */
import { useEffect, useState } from 'react';
import { chooseTheme, storedTheme, systemTheme, type Theme } from './theme';

/**
 * The effective theme, following the system while nothing is picked.
 * @example const theme = useTheme(); <Toaster theme={theme} />
 */
export function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => storedTheme() ?? systemTheme());
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    const follow = () => {
      if (!storedTheme()) setTheme(systemTheme());
    };
    query?.addEventListener('change', follow);
    const onPick = () => setTheme(storedTheme() ?? systemTheme());
    window.addEventListener('ninefold-theme', onPick);
    return () => {
      query?.removeEventListener('change', follow);
      window.removeEventListener('ninefold-theme', onPick);
    };
  }, []);
  const pick = (t: Theme) => {
    chooseTheme(t);
    // Every useTheme() on the page (the toaster's too) hears of the choice.
    window.dispatchEvent(new Event('ninefold-theme'));
  };
  return [theme, pick];
}

/**
 * @example <ThemeToggle />
 */
export function ThemeToggle() {
  const [theme, pick] = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="icon-button"
      aria-pressed={dark}
      onClick={() => pick(dark ? 'light' : 'dark')}
    >
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span>
      <span className="visually-hidden">Dark theme</span>
    </button>
  );
}
