/**
 * Service accounts (roles the spec marks `service`: integrations, not people): each with its
 * API keys, which an admin makes and revokes here. Nothing when the spec has no service role.
 */
import { useState } from 'react';
import { ApiKeysSection } from '../account/api-keys-section';
import { type AnyRecord, nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';
import { serviceRoles } from './invitable-roles';
import { PanelProblem } from './panel-problem';

/**
 * @example <ServiceAccounts />
 */
export function ServiceAccounts() {
  const roles = serviceRoles(useMeta().roles);
  return roles.length === 0 ? null : <ServiceAccountList roles={roles} />;
}

function ServiceAccountList({ roles }: { readonly roles: readonly string[] }) {
  const list = nf.useList('users', { where: { role: { in: roles } }, sort: 'name' });
  const [open, setOpen] = useState<string | undefined>(undefined);
  const accounts = (list.data?.items as readonly AnyRecord[] | undefined) ?? [];
  return (
    <section aria-labelledby="admin-service-h" className="admin-service">
      <h3 id="admin-service-h">Service accounts</h3>
      <p className="admin-lede">Integrations sign in with API keys only; they have no password.</p>
      <PanelProblem error={list.error} />
      {accounts.length === 0 && !list.isPending && <p className="admin-muted">No service accounts.</p>}
      <ul className="admin-plain-list">
        {accounts.map((a) => {
          const name = String(a.name ?? a.email);
          const shown = open === a.id;
          return (
            <li key={a.id}>
              <button
                type="button"
                className="secondary admin-small"
                aria-expanded={shown}
                onClick={() => setOpen(shown ? undefined : a.id)}
              >
                {shown ? 'Hide' : 'Show'} the API keys of {name}
              </button>
              {shown && <ApiKeysSection role={String(a.role)} userId={a.id} owner={name} level={3} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
