/**
 * The API keys of an account (the signed-in person's own, or a service account's for an
 * admin): the list and a button to make one. Nothing when the role may have no keys.
 */
import { keyRoles } from '@ninefold/spec';
import { useRef, useState } from 'react';
import { PanelProblem } from '../admin/panel-problem';
import { nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';
import { ApiKeyCreateDialog } from './api-key-create-dialog';
import { ApiKeyTable } from './api-key-table';

/**
 * @example const props: ApiKeysSectionProps = { role: 'robot', userId: bot.id, owner: 'Nightly import', level: 3 };
 */
export interface ApiKeysSectionProps {
  /** The owner's role: which roles its keys may act as. */
  readonly role: string;
  /** A service account's id (for an admin); the caller's own keys when absent. */
  readonly userId?: string;
  /** The owner's name, when it is not the caller. */
  readonly owner?: string;
  /** The heading level: 2 on the account page, 3 inside the console. */
  readonly level?: 2 | 3;
}

/**
 * @example <ApiKeysSection role={role} />
 */
export function ApiKeysSection({ role, userId, owner, level = 2 }: ApiKeysSectionProps) {
  const meta = useMeta();
  const roles = keyRoles(meta.roles, role);
  const list = nf.useApiKeys(userId);
  const [making, setMaking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const Heading = level === 2 ? 'h2' : 'h3';
  const id = `api-keys-h${userId ? `-${userId}` : ''}`;
  if (roles.length === 0) return null;
  const label = owner ? `API keys of ${owner}` : 'Your API keys';
  return (
    <section className="account-section" aria-labelledby={id}>
      <Heading id={id}>{owner ? label : 'API keys'}</Heading>
      <p>
        For scripts and integrations: a key is sent as <code>Authorization: Bearer …</code> and acts with{' '}
        {owner ? 'that account' : 'your account'}'s permissions (or a narrower role).
      </p>
      <PanelProblem error={list.error} />
      {list.isPending ? (
        <p role="status">Loading keys…</p>
      ) : (
        <ApiKeyTable keys={list.data ?? []} label={label} />
      )}
      <div className="form-actions">
        <button ref={opener} type="button" onClick={() => setMaking(true)}>
          New API key
        </button>
      </div>
      {making && (
        <ApiKeyCreateDialog
          roles={roles}
          {...(userId ? { userId } : {})}
          {...(owner ? { owner } : {})}
          returnFocus={opener}
          onClose={() => setMaking(false)}
        />
      )}
    </section>
  );
}
