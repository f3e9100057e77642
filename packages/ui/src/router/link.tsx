/**
 * An in-app link: a real `<a href>` (so it opens in a new tab, copies and reads like one),
 * navigating without a reload on a plain click.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useRouter } from './router-provider';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  readonly to: string;
}

/**
 * @example <Link to="/signup">Create an account</Link>
 */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(to);
  };
  const current = location.pathname === to ? 'page' : undefined;
  return <a href={to} target={target} aria-current={current} onClick={handleClick} {...rest} />;
}
