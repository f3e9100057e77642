/**
 * A constant's value for reading: a number or text as is, a table of values (such as hours
 * by priority) as a short list.
 */
import type { Literal } from '@ninefold/spec';

/**
 * @example <ConstantValue value={{ urgent: 4, high: 24 }} /> // urgent 4 · high 24
 */
export function ConstantValue({ value }: { readonly value: Literal }) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return (
      <ul className="admin-inline-list">
        {Object.entries(value).map(([k, v]) => (
          <li key={k}>
            {k} <strong>{JSON.stringify(v)}</strong>
          </li>
        ))}
      </ul>
    );
  }
  return <strong>{Array.isArray(value) ? value.join(', ') : String(value)}</strong>;
}
