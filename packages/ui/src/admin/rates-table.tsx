/**
 * The rate limits, each with what this server process counts now: how many keys (users,
 * addresses, emails: as the server says each limit keys on) are counted in the window and how
 * many of them are at the limit. Keys, not callers: one failed sign-in counts against its
 * email and its address, two keys.
 * Where the counts live decides what they mean, so the table says so: in the database every
 * process shares (PostgreSQL), or in this process's memory, where another process keeps its
 * own and a restart clears them (`shared` in `/api/rates`). Refreshed on demand.
 */
import type { RateUsage } from '@ninefold/client';
import { nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';
import { ScrollBox } from './scroll-box';

const UNITS = { s: 'second', m: 'minute', h: 'hour' } as const;

/** A rate window in words: "1m" → "minute", "30s" → "30 seconds". */
function windowText(window: string): string {
  const m = /^(\d+(?:\.\d+)?)([smh])$/.exec(window);
  if (!m) return window;
  const unit = UNITS[m[2] as keyof typeof UNITS];
  return m[1] === '1' ? unit : `${m[1]} ${unit}s`;
}

/** Seconds as the spec writes a window: 3600 → "1h". */
const secondsText = (n: number) => (n % 3600 === 0 ? `${n / 3600}h` : n % 60 === 0 ? `${n / 60}m` : `${n}s`);

const counts = (scope: string) => (scope === 'login' ? 'failed sign-ins' : `${scope}s`);

const PLURALS: Readonly<Record<string, string>> = { address: 'addresses', email: 'emails', user: 'users' };

/** What a limit keys on, as the server counts it: "email and address", "user, else address". */
const perText = (u: RateUsage) => u.per.join(u.perEvent === 'all' ? ' and ' : ', else ');

/** The server's keying when it counts the limit; the spec's otherwise (a limit it does not count). */
const keptPer = (u: RateUsage | undefined, declared: readonly string[] | undefined) =>
  u ? perText(u) : (declared?.join(' and ') ?? 'caller');

function UsageText({ usage }: { readonly usage: RateUsage | undefined }) {
  if (!usage) return <span className="admin-muted">Not counted by this server</span>;
  const kinds = usage.per.map((k) => PLURALS[k] ?? k).join(usage.perEvent === 'all' ? ' and ' : ' or ');
  return (
    <span>
      <strong>{usage.keys}</strong> {usage.keys === 1 ? 'key' : 'keys'} counted ({kinds}),{' '}
      <strong>{usage.limited}</strong> at the limit ({usage.events} {usage.events === 1 ? 'event' : 'events'})
    </span>
  );
}

/**
 * @example <RatesTable />
 */
export function RatesTable() {
  const meta = useMeta();
  const rates = nf.useRates();
  const usage = new Map((rates.data?.items ?? []).map((u) => [u.name, u]));
  const builtIn = (rates.data?.items ?? []).filter((u) => !u.declared);
  const roles = (rs: readonly string[] | undefined) =>
    rs ? rs.map((r) => meta.roles[r]?.label ?? r).join(', ') : 'everyone';
  const pending = rates.isPending;
  return (
    <>
      <p className="admin-lede" id="admin-rates-note">
        {rates.data?.shared ? (
          <>
            Usage now, as every server process counts it together in the database
            {` (as of ${new Date(rates.data.at).toLocaleTimeString()}).`}{' '}
          </>
        ) : (
          <>
            Usage now is what <em>this server process</em> counts in memory
            {rates.data
              ? ` (process ${rates.data.process.pid}, up since ${new Date(rates.data.process.startedAt).toLocaleString()}; as of ${new Date(rates.data.at).toLocaleTimeString()})`
              : ''}
            : other processes of the app keep their own counts, and a restart clears them.{' '}
          </>
        )}
        <button
          type="button"
          className="secondary admin-small"
          onClick={() => void rates.refetch()}
          disabled={rates.isFetching}
        >
          Refresh usage
        </button>
      </p>
      {rates.isError && <p role="alert">Usage could not be read: the limits are shown without it.</p>}
      <ScrollBox label="Rate limits">
        <table
          className="admin-table"
          aria-labelledby="admin-rates-h"
          aria-describedby="admin-rates-note"
          aria-busy={rates.isFetching}
        >
          <thead>
            <tr>
              <th scope="col">Limit</th>
              <th scope="col">Counts</th>
              <th scope="col">For</th>
              <th scope="col">At most</th>
              <th scope="col">Kept per</th>
              <th scope="col">Usage now{rates.data?.shared ? '' : ' (this process)'}</th>
            </tr>
          </thead>
          <tbody>
            {meta.limits.rates.map((r) => (
              <tr key={r.name}>
                <th scope="row">
                  <code>{r.name}</code>
                  {r.description && <p className="admin-note">{r.description}</p>}
                </th>
                <td>{counts(r.scope)}</td>
                <td>{roles(r.roles)}</td>
                <td>
                  {r.max} per {windowText(r.window)}, else <code>RATE_LIMITED</code>
                </td>
                <td>{keptPer(usage.get(r.name), r.per)}</td>
                <td>
                  {pending ? (
                    <span className="admin-muted">Counting…</span>
                  ) : (
                    <UsageText usage={usage.get(r.name)} />
                  )}
                </td>
              </tr>
            ))}
            {builtIn.map((u) => (
              <tr key={u.name}>
                <th scope="row">
                  <code>{u.name}</code>
                  <p className="admin-note">Built in: the spec declares no {u.scope} limit.</p>
                </th>
                <td>{counts(u.scope)}</td>
                <td>everyone</td>
                <td>
                  {u.max} per {windowText(secondsText(u.windowSeconds))}, else <code>RATE_LIMITED</code>
                </td>
                <td>{perText(u)}</td>
                <td>
                  <UsageText usage={u} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </>
  );
}
