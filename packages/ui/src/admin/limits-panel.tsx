/**
 * The app's constants and limits: public constants, quotas with current usage, rate
 * limits, and the page and body sizes — all as the server enforces them.
 */
import { useMeta } from '../meta/meta-provider';
import { ConstantValue } from './constant-value';
import { QuotaRow } from './quota-row';
import { ScrollBox } from './scroll-box';

const UNITS = { s: 'second', m: 'minute', h: 'hour' } as const;

/** A rate window in words: "1m" → "minute", "30s" → "30 seconds". */
function windowText(window: string): string {
  const m = /^(\d+(?:\.\d+)?)([smh])$/.exec(window);
  if (!m) return window;
  const unit = UNITS[m[2] as keyof typeof UNITS];
  return m[1] === '1' ? unit : `${m[1]} ${unit}s`;
}

/** Bytes in words: 262144 → "256 KiB". */
function bytesText(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/**
 * @example <LimitsPanel />
 */
export function LimitsPanel() {
  const meta = useMeta();
  const { limits } = meta;
  const roles = (rs: readonly string[] | undefined) =>
    rs ? rs.map((r) => meta.roles[r]?.label ?? r).join(', ') : 'everyone';
  return (
    <section aria-labelledby="admin-limits-h">
      <h2 id="admin-limits-h">Constants and limits</h2>

      <h3 id="admin-constants-h">Constants</h3>
      <ScrollBox label="Constants">
        <table className="admin-table" aria-labelledby="admin-constants-h">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">Meaning</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(meta.constants).map(([name, c]) => (
              <tr key={name}>
                <th scope="row">
                  <code>{name}</code>
                </th>
                <td>
                  <ConstantValue value={c.value} />
                </td>
                <td>{c.description ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>

      <h3 id="admin-quotas-h">Quotas</h3>
      <ScrollBox label="Quotas">
        <table className="admin-table" aria-labelledby="admin-quotas-h">
          <thead>
            <tr>
              <th scope="col">Quota</th>
              <th scope="col">Counts</th>
              <th scope="col">For</th>
              <th scope="col">Maximum</th>
              <th scope="col">Usage now</th>
            </tr>
          </thead>
          <tbody>
            {limits.quotas.map((q) => (
              <QuotaRow key={q.name} quota={q} />
            ))}
          </tbody>
        </table>
      </ScrollBox>

      <h3 id="admin-rates-h">Rate limits</h3>
      <ScrollBox label="Rate limits">
        <table className="admin-table" aria-labelledby="admin-rates-h">
          <thead>
            <tr>
              <th scope="col">Limit</th>
              <th scope="col">Counts</th>
              <th scope="col">For</th>
              <th scope="col">At most</th>
              <th scope="col">Kept per</th>
            </tr>
          </thead>
          <tbody>
            {limits.rates.map((r) => (
              <tr key={r.name}>
                <th scope="row">
                  <code>{r.name}</code>
                  {r.description && <p className="admin-note">{r.description}</p>}
                </th>
                <td>{r.scope === 'login' ? 'failed sign-ins' : `${r.scope}s`}</td>
                <td>{roles(r.roles)}</td>
                <td>
                  {r.max} per {windowText(r.window)}, else <code>RATE_LIMITED</code>
                </td>
                <td>{r.per?.join(' and ') ?? 'caller'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>

      <h3 id="admin-sizes-h">Sizes</h3>
      <dl className="admin-facts">
        <dt>Page size</dt>
        <dd>
          {limits.pageSize.default} records by default, at most {limits.pageSize.max}
        </dd>
        <dt>Request body</dt>
        <dd>
          at most {bytesText(limits.bodyBytes)}, else <code>PAYLOAD_TOO_LARGE</code>
        </dd>
      </dl>
    </section>
  );
}
