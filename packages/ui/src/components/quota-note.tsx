/**
 * How much of a quota the caller has used ("3 of 5 open tickets"), so the limit is known
 * before the server refuses; at the limit it says so plainly. Fixed height while loading.
 */
import { humanize, type QuotaMeta } from '@ninefold/spec';
import { nf } from '../data/ninefold';

/**
 * @example <QuotaNote quota={quotaFor(meta, role, 'tickets')!} />
 */
export function QuotaNote({ quota }: { readonly quota: QuotaMeta }) {
  const { quota: usage, isPending } = nf.useQuota(quota.name);
  const noun = humanize(quota.name).toLowerCase();
  if (isPending || !usage) return <p className="quota-note skeleton-text" aria-hidden="true" />;
  const full = usage.remaining <= 0;
  const percent = Math.min(100, Math.round((usage.used / Math.max(1, usage.max)) * 100));
  return (
    <div className={full ? 'quota-note quota-full' : 'quota-note'}>
      <p>
        <strong>
          {usage.used} of {usage.max} {noun}
        </strong>
        {full ? ' — you have reached the limit.' : ` — ${usage.remaining} left.`}
      </p>
      <div className="quota-bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
