/**
 * The top of a generated page: its heading (focused after a navigation), the page's own
 * buttons, and whatever the app registered to show on this screen (`extras`).
 */
import type { ReactNode } from 'react';
import { useRegistry } from '../registry/registry-provider';
import type { PageProps } from '../registry/ui-registry';
import { PageTitle } from './page-title';

export interface PageHeaderProps {
  readonly page: PageProps;
  /** Defaults to the screen's title. */
  readonly title?: string;
  /** Buttons and links beside the heading. */
  readonly actions?: ReactNode;
  /** A line under the heading. */
  readonly lede?: ReactNode;
}

/**
 * @example <PageHeader page={props} actions={<Link to="/tickets/new">New ticket</Link>} />
 */
export function PageHeader({ page, title, actions, lede }: PageHeaderProps) {
  const Extra = useRegistry().extras?.[page.name];
  return (
    <div className="page-header">
      <div className="page-header-row">
        <PageTitle>{title ?? page.screen.title}</PageTitle>
        {actions && <div className="page-actions">{actions}</div>}
      </div>
      {lede && <p className="lede">{lede}</p>}
      {Extra && <Extra {...page} />}
    </div>
  );
}
