/**
 * One quota: what it counts and its maximum, with what matters to whoever looks — the
 * viewer's own usage when it binds their role, and for an admin how many people are at the
 * limit or one below (counted by the server's aggregate when the quota's rule is a filter).
 */

import type { QuotaMeta } from '@ninefold/spec';
import { isAdminRole } from '@ninefold/spec';
import { useQuery } from '@tanstack/react-query';
import { nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';
import { useSession } from '../session/session-provider';
import { quotaPressure } from './quota-pressure';

function usePressure(quota: QuotaMeta) {
  const meta = useMeta();
  const client = nf.useClient();
  const stateField = meta.entities[quota.entity]?.states?.field;
  const pageSize = meta.limits.pageSize.max;
  return useQuery({
    queryKey: ['nf', '$quotaPressure', quota.name, stateField, pageSize],
    // Leaving the panel aborts the call being made, and with it the rest.
    queryFn: async ({ signal }) =>
      (await quotaPressure(quota, stateField, pageSize, {
        aggregate: (entity, q) => client.aggregate(entity, q as never, { signal }) as never,
        list: (entity, o) => client.list(entity, { ...o, signal } as never),
      })) ?? null,
  });
}

function PressureText({ quota }: { readonly quota: QuotaMeta }) {
  const meta = useMeta();
  const p = usePressure(quota);
  if (p.isPending) return <span className="admin-muted">Counting…</span>;
  if (p.isError) return <span>Could not be counted.</span>;
  if (!p.data) return <span className="admin-muted">Not countable from lists.</span>;
  const { atLimit, nearLimit, owners, complete } = p.data;
  const who = quota.roles?.map((r) => (meta.roles[r]?.label ?? r).toLowerCase()).join(' or ') ?? 'owner';
  const least = complete ? '' : 'at least ';
  return (
    <span>
      <strong>
        {least}
        {atLimit}
      </strong>{' '}
      at the limit and {least}
      {nearLimit} one below, of {owners} {who}
      {owners === 1 ? '' : 's'} with any
    </span>
  );
}

/**
 * @example <QuotaRow quota={meta.limits.quotas[0]!} />
 */
export function QuotaRow({ quota }: { readonly quota: QuotaMeta }) {
  const meta = useMeta();
  // The caller's own usage (`/api/quotas`), shared with the rest of the app's cache.
  const { quota: usage } = nf.useQuota(quota.name);
  const { role } = useSession();
  const isAdmin = isAdminRole(meta, role);
  const applies = !quota.roles || quota.roles.includes(role);
  const roles = quota.roles?.map((r) => meta.roles[r]?.label ?? r).join(', ') ?? 'everyone';
  return (
    <tr>
      <th scope="row">
        <code>{quota.name}</code>
        {quota.description && <p className="admin-note">{quota.description}</p>}
      </th>
      <td>
        {meta.entities[quota.entity]?.label ?? quota.entity} per {quota.owner}
        {quota.where ? `, where ${quota.where.text}` : ''}
      </td>
      <td>{roles}</td>
      <td>
        <strong>{quota.max}</strong>, else <code>{quota.error}</code>
      </td>
      <td>
        {applies && usage ? (
          <span>
            You: {usage.used} used, {usage.remaining} left
          </span>
        ) : (
          <span className="admin-muted">Does not apply to you</span>
        )}
        {isAdmin && (
          <>
            <br />
            <PressureText quota={quota} />
          </>
        )}
      </td>
    </tr>
  );
}
