/**
 * The API keys of an account: name, prefix (to tell it from the key in a script), role, when
 * made, when it expires, when last used; each revocable after a question. Never the key.
 */
import type { ApiKey } from '@ninefold/spec';
import { useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import { useMeta } from '../meta/meta-provider';

const when = (iso: string | null, none: string) =>
  iso ? <time dateTime={iso}>{new Date(iso).toLocaleString()}</time> : <span className="muted">{none}</span>;

/**
 * @example <ApiKeyTable keys={list.data ?? []} label="Your API keys" />
 */
export function ApiKeyTable({ keys, label }: { readonly keys: readonly ApiKey[]; readonly label: string }) {
  const meta = useMeta();
  const revoke = nf.useRevokeApiKey();
  const notify = useNotify();
  const [asking, setAsking] = useState<ApiKey | undefined>(undefined);
  const run = async (key: ApiKey): Promise<boolean> => {
    try {
      await revoke.mutateAsync(key.id);
      notify.success(`Key ${key.name} revoked.`);
    } catch (e) {
      notify.error(e);
    }
    return true;
  };
  if (keys.length === 0) return <p className="muted">No API keys yet.</p>;
  return (
    <div className="table-scroll">
      <table className="data-table account-keys" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Prefix</th>
            <th scope="col">Role</th>
            <th scope="col">Created</th>
            <th scope="col">Expires</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id}>
              <th scope="row">{k.name}</th>
              <td>
                <code>{k.prefix}…</code>
              </td>
              <td>{meta.roles[k.role]?.label ?? k.role}</td>
              <td>{when(k.createdAt, '')}</td>
              <td>{when(k.expiresAt, 'Never')}</td>
              <td>{when(k.lastUsedAt, 'Never used')}</td>
              <td>
                <button
                  type="button"
                  className="secondary small"
                  aria-label={`Revoke the key ${k.name}`}
                  onClick={() => setAsking(k)}
                >
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {asking && (
        <ConfirmDialog
          title={`Revoke ${asking.name}?`}
          description="Whatever uses this key is refused from now on, everywhere. This cannot be undone."
          confirm="Revoke key"
          onConfirm={() => run(asking)}
          onClose={() => setAsking(undefined)}
        />
      )}
    </div>
  );
}
