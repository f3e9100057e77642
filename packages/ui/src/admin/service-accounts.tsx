/**
 * Service accounts (roles the spec marks `service`: integrations, not people): an admin adds
 * them here, and makes and revokes each one's API keys. Nothing when the spec has no service
 * role.
 */
import { serviceRoles } from '@ninefold/spec';
import { useState } from 'react';
import { ApiKeysSection } from '../account/api-keys-section';
import { type AnyRecord, nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';
import { PanelProblem } from './panel-problem';
import { AddServiceAccountButton } from './service-account-dialog';

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
      <div className="form-actions">
        <AddServiceAccountButton roles={roles} onCreated={setOpen} />
      </div>
      <ul className="admin-plain-list">
        {accounts.map((a) => {
          const name = String(a.name ?? a.email);
          const shown = open === a.id;
          const keysId = `service-keys-${a.id}`;
          return (
            <li key={a.id}>
              <button
                type="button"
                className="secondary admin-small"
                aria-expanded={shown}
                aria-controls={keysId}
                onClick={() => setOpen(shown ? undefined : a.id)}
              >
                {shown ? 'Hide' : 'Show'} the API keys of {name}
              </button>
              {/* Always there, so the button's aria-controls names an element, shown or not. */}
              <div id={keysId}>
                {shown && <ApiKeysSection role={String(a.role)} userId={a.id} owner={name} level={3} />}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
