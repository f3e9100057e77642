/**
 * The helpdesk's Teams tab of the admin console (registered in index.ts as an admin panel):
 * the list (live), with how many people each has, each renamed or deleted from its row (see
 * team-actions.tsx for what a delete does to members), and a form to create one.
 */
import {
  type AdminPanelProps,
  type AnyRecord,
  LoadingRow,
  nf,
  PagerControls,
  PanelProblem,
  ScrollBox,
  usePager,
} from '@ninefold/ui';
import { useMemo } from 'react';
import { TeamActions } from './team-actions';
import { TeamForm } from './team-form';

const NONE: readonly AnyRecord[] = [];

/**
 * @example adminPanels: { teams: { title: 'Teams', component: TeamsPanel } }
 */
export function TeamsPanel({ meta, role }: AdminPanelProps) {
  const entity = meta.entities.teams;
  const title = entity?.title ?? 'name';
  const pager = usePager();
  const list = nf.useList('teams', {
    sort: title,
    limit: meta.limits.pageSize.default,
    cursor: pager.cursor,
  });
  // Members are counted from one page of users: cheap, and right for a team-sized desk.
  const people = nf.useList('users', { limit: meta.limits.pageSize.max });
  const members = useMemo(() => {
    const counts = new Map<string, number>();
    for (const u of (people.data?.items as readonly AnyRecord[] | undefined) ?? NONE) {
      if (typeof u.team === 'string') counts.set(u.team, (counts.get(u.team) ?? 0) + 1);
    }
    return counts;
  }, [people.data]);
  if (!entity) return <p>This app has no teams.</p>;

  const teams = (list.data?.items as readonly AnyRecord[] | undefined) ?? NONE;
  const grant = meta.permissions.entities.admin?.teams?.create;
  const writable = Object.entries(entity.fields)
    .filter(([name, f]) => !f.readOnly && !f.computed && (!grant?.fields || grant.fields.includes(name)))
    .map(([name]) => name);
  const mine = meta.permissions.entities[role]?.teams;
  const mayChange =
    mine !== undefined && (mine.update.allowed !== 'never' || mine.delete.allowed !== 'never');
  const extra = Object.keys(entity.fields).filter((f) => f !== title && entity.fields[f]?.type !== 'ref');

  return (
    <section aria-labelledby="admin-teams-h">
      <h2 id="admin-teams-h">Teams</h2>
      <div className="admin-split">
        <div>
          <PanelProblem error={list.error} />
          <ScrollBox label="Teams">
            <table className="admin-table" aria-labelledby="admin-teams-h" aria-busy={list.isFetching}>
              <thead>
                <tr>
                  <th scope="col">{entity.fields[title]?.label ?? 'Name'}</th>
                  {extra.map((f) => (
                    <th scope="col" key={f}>
                      {entity.fields[f]?.label ?? f}
                    </th>
                  ))}
                  <th scope="col">People</th>
                  {mayChange && <th scope="col">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {list.isPending && <LoadingRow columns={extra.length + (mayChange ? 3 : 2)} />}
                {teams.map((team) => (
                  <tr key={team.id}>
                    <th scope="row">{String(team[title] ?? '')}</th>
                    {extra.map((f) => (
                      <td key={f}>{team[f] === null || team[f] === undefined ? '—' : String(team[f])}</td>
                    ))}
                    <td>{members.get(team.id) ?? 0}</td>
                    {mayChange && (
                      <td>
                        <TeamActions team={team} entity={entity} members={members.get(team.id) ?? 0} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <PagerControls
            pager={pager}
            nextCursor={list.data?.nextCursor}
            pending={list.isPending}
            fetching={list.isFetching}
            summary={`${teams.length} ${teams.length === 1 ? 'team' : 'teams'}`}
          />
        </div>
        <TeamForm entity={entity} fields={writable} />
      </div>
    </section>
  );
}
