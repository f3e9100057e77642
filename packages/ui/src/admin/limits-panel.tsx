/**
 * The app's constants and limits: public constants, quotas and rate limits with current
 * usage, and the page and body sizes — all as the server enforces them.
 */
import { useMeta } from '../meta/meta-provider';
import { ConstantValue } from './constant-value';
import { QuotaRow } from './quota-row';
import { RatesTable } from './rates-table';
import { ScrollBox } from './scroll-box';

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
      <RatesTable />

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
