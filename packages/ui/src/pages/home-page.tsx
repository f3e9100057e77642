/**
 * The signed-in home: every entity the role may list, each with its table and — where the
 * role may create — its form. Nothing else is drawn, so nothing is offered that the server
 * would refuse.
 */
import { EntitySection } from '../components/entity-section';
import { PageTitle } from '../components/page-title';
import { useMeta } from '../meta/meta-provider';
import { listableEntities } from '../permissions/role-view';
import { useSession } from '../session/session-provider';

/**
 * @example { path: '/', render: () => <RequireSignedIn><HomePage /></RequireSignedIn> }
 */
export function HomePage() {
  const meta = useMeta();
  const { role } = useSession();
  const title = Object.values(meta.screens).find((s) => s.route === '/')?.title ?? meta.about.name;
  const entities = listableEntities(meta, role);
  const { audience } = meta.about;
  const forRole = typeof audience === 'string' ? undefined : audience[role];

  return (
    <>
      <PageTitle>{title}</PageTitle>
      <p className="lede">{forRole ?? meta.about.summary}</p>
      {entities.length > 0 && (
        <nav aria-label="Sections" className="section-nav">
          <ul>
            {entities.map((name) => (
              <li key={name}>
                <a href={`#section-${name}`}>{meta.entities[name]?.label ?? name}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {entities.length === 0 && <p>There is nothing here for you yet.</p>}
      {entities.map((name) => (
        <div key={name} id={`section-${name}`}>
          <EntitySection entity={name} />
        </div>
      ))}
    </>
  );
}
