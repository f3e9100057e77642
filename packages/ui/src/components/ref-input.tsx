/**
 * A reference to another record: a choice among the records the caller may list, or the
 * record's id typed in when the caller cannot list that entity.
 */

import { useRecords } from '../hooks/use-records';
import { useMeta } from '../meta/meta-provider';
import { mayDo } from '../permissions/role-view';
import { useSession } from '../session/session-provider';

export interface RefInputProps {
  readonly id: string;
  readonly name: string;
  readonly entity: string;
  readonly optional: boolean;
  readonly value: string;
  onChange(value: string): void;
  onBlur(): void;
}

/**
 * @example <RefInput id="c-ticket" name="ticket" entity="tickets" optional={false} value={v} onChange={set} onBlur={touch} />
 */
export function RefInput({ entity, ...props }: RefInputProps) {
  const meta = useMeta();
  const { role } = useSession();
  if (!mayDo(meta, role, entity, 'read')) return <RefIdInput {...props} />;
  return <RefSelect entity={entity} {...props} />;
}

function RefIdInput({ optional, value, onChange, ...rest }: Omit<RefInputProps, 'entity'>) {
  return (
    <input
      {...rest}
      type="text"
      spellCheck={false}
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

const OPTIONS_QUERY = { limit: '100' };

function RefSelect({ entity, optional, value, onChange, ...rest }: RefInputProps) {
  const meta = useMeta();
  const { items, loading } = useRecords(entity, OPTIONS_QUERY);
  const title = meta.entities[entity]?.title;
  return (
    <select {...rest} value={value} aria-busy={loading} onChange={(e) => onChange(e.target.value)}>
      <option value="">{optional ? '—' : 'Choose…'}</option>
      {items.map((r) => (
        <option key={r.id} value={r.id}>
          {title && typeof r[title] === 'string' ? String(r[title]) : r.id}
        </option>
      ))}
    </select>
  );
}
