/**
 * One of a user's own reference fields (the app's `users` fields that point at another
 * entity and that the admin may update) as a select, saved when chosen (with `If-Match`, like
 * the role). The spec decides what is allowed; a refusal says which rule in a toast, the
 * select going back to what is stored.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { type AnyRecord, nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';
import { refusalText } from './refusal-text';

export interface RefFieldSelectProps {
  readonly user: AnyRecord;
  /** The field of `users`, e.g. `region`. */
  readonly field: string;
  /** Its label, e.g. `Region`. */
  readonly label: string;
  /** The referenced records' titles by id. */
  readonly titles: ReadonlyMap<string, string>;
  /** Whether the field may be empty: only then is "No …" offered. */
  readonly optional: boolean;
}

/**
 * @example <RefFieldSelect user={u} field="region" label="Region" titles={useTitles('regions')} optional />
 */
export function RefFieldSelect({ user, field, label, titles, optional }: RefFieldSelectProps) {
  const meta = useMeta();
  const update = nf.useUpdate('users');
  const [pending, setPending] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ value: string; version: number } | null>(null);
  const name = String(user.name ?? user.email);
  const what = label.toLowerCase();
  const value = user[field];
  const stored = typeof value === 'string' ? value : '';
  const shown = pending ?? (saved && saved.version > user.version ? saved.value : stored);
  const byTitle = [...titles].sort((a, b) => a[1].localeCompare(b[1]));

  const change = async (next: string) => {
    if (next === shown) return;
    setPending(next);
    try {
      const record = (await update.mutateAsync({
        id: user.id,
        // The generic client types an optional ref as absent, not null; the API takes null as "none".
        patch: { [field]: next === '' ? null : next } as never,
        version: user.version,
      })) as AnyRecord;
      setSaved({ value: next, version: record.version });
      toast.success(
        next
          ? `The ${what} of ${name} is now ${titles.get(next) ?? `#${next.slice(-6)}`}.`
          : `${name} has no ${what} now.`,
      );
    } catch (e) {
      toast.error(`The ${what} of ${name} was not changed.`, { description: refusalText(e, meta, 'users') });
    } finally {
      setPending(null);
    }
  };

  return (
    <select
      className="admin-role-select"
      aria-label={`${label} of ${name}`}
      value={shown}
      disabled={pending !== null}
      aria-busy={pending !== null}
      onChange={(e) => void change(e.target.value)}
    >
      {/* A required reference cannot be cleared: "No …" would only be refused. */}
      {(optional || shown === '') && (
        <option value="" disabled={!optional}>
          {optional ? `No ${what}` : `Choose a ${what}`}
        </option>
      )}
      {byTitle.map(([id, title]) => (
        <option key={id} value={id}>
          {title}
        </option>
      ))}
      {shown && !titles.has(shown) && <option value={shown}>#{shown.slice(-6)}</option>}
    </select>
  );
}
