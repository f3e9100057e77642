/**
 * A reference shown by its record's title, as a link to that record's page when the caller
 * has one; "Someone" (a person) or "Not shown" when the caller cannot read the record.
 */
import type { TitledRecord } from '@ninefold/spec';
import { useRefTitle } from '../data/use-ref-title';
import { useMeta } from '../meta/meta-provider';
import { Link } from '../router/link';
import { screenRoute } from '../screens/screen-entries';
import { useSession } from '../session/session-provider';

/**
 * `expanded` is the record the page already carries for the reference (a list row's
 * `$expand[field]`, see `expandedRef`): then nothing is fetched.
 * @example <RefTitleText entity="users" id={ticket.assignee} />
 * @example <RefTitleText entity="users" id={row.assignee} expanded={expandedRef(row, 'assignee')} />
 */
export function RefTitleText({
  entity,
  id,
  link = false,
  expanded,
}: {
  readonly entity: string;
  readonly id: string;
  readonly link?: boolean;
  readonly expanded?: TitledRecord | null | undefined;
}) {
  const meta = useMeta();
  const { role } = useSession();
  const { title, loading, hidden } = useRefTitle(entity, id, expanded);
  // The server sends the reference but not the record: say that someone is there.
  if (hidden) return <span className="muted">{entity === 'users' ? 'Someone' : 'Not shown'}</span>;
  if (loading || title === undefined) return <span className="skeleton skeleton-inline" aria-hidden="true" />;
  const to = link ? screenRoute(meta.screens, role, entity, 'detail', { id }) : undefined;
  return to ? <Link to={to}>{title}</Link> : title;
}
