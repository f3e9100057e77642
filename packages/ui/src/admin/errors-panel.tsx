/**
 * The error catalogue: every code the API answers with, its HTTP status and its message
 * template — the app's own codes first, then the platform's.
 */
import type { ErrorNode } from '@ninefold/spec';
import { useMeta } from '../meta/meta-provider';
import { MessageTemplate } from './message-template';
import { ScrollBox } from './scroll-box';

function ErrorsTable({
  caption,
  errors,
}: {
  readonly caption: string;
  readonly errors: readonly ErrorNode[];
}) {
  return (
    <ScrollBox label={caption}>
      <table className="admin-table">
        <caption className="admin-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Status</th>
            <th scope="col">Message</th>
            <th scope="col">Parameters</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e) => (
            <tr key={e.code}>
              <th scope="row">
                <code>{e.code}</code>
              </th>
              <td>{e.status}</td>
              <td>
                <MessageTemplate message={e.message} />
                {e.description && <p className="admin-note">{e.description}</p>}
              </td>
              <td>{e.params.length === 0 ? '—' : e.params.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/**
 * @example <ErrorsPanel />
 */
export function ErrorsPanel() {
  const meta = useMeta();
  const all = Object.values(meta.errors);
  const own = all.filter((e) => !e.builtin);
  const builtin = all.filter((e) => e.builtin);
  return (
    <section aria-labelledby="admin-errors-h">
      <h2 id="admin-errors-h">Error catalogue</h2>
      <p className="admin-lede">
        Every failure answers with one of these codes as <code>application/problem+json</code>; the message is
        filled with the parameters shown.
      </p>
      {own.length > 0 && <ErrorsTable caption={`${meta.about.name} errors`} errors={own} />}
      <ErrorsTable caption="Platform errors" errors={builtin} />
    </section>
  );
}
