/**
 * A box that scrolls sideways when its content (a wide table, the diagram) is wider than
 * the screen, so the page itself never does. While it overflows it is a tab stop, so a
 * keyboard user can scroll it too; when it fits it stays out of the tab order.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * @example <ScrollBox label="Fields of Tickets"><table>…</table></ScrollBox>
 */
export function ScrollBox({
  label,
  className,
  children,
}: {
  /** Names the box for whoever lands on it while it scrolls. */
  readonly label: string;
  readonly className?: string;
  readonly children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={className ? `admin-scroll ${className}` : 'admin-scroll'}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` } : {})}
    >
      {children}
    </div>
  );
}
