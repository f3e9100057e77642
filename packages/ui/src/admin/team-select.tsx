/**
 * A user's team as a select, saved when chosen (with `If-Match`, like the role). The spec
 * decides who may be in a team — in the helpdesk only agents — and a refusal says which rule
 * in a toast, the select going back to what is stored.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { type AnyRecord, nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';
import { refusalText } from './refusal-text';

export interface TeamSelectProps {
  readonly user: AnyRecord;
  /** Team titles by id. */
  readonly teams: ReadonlyMap<string, string>;
}

/**
 * @example <TeamSelect user={u} teams={useTitles('teams')} />
 */
export function TeamSelect({ user, teams }: TeamSelectProps) {
  const meta = useMeta();
  const update = nf.useUpdate('users');
  const [pending, setPending] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ team: string; version: number } | null>(null);
  const name = String(user.name ?? user.email);
  const stored = typeof user.team === 'string' ? user.team : '';
  const shown = pending ?? (saved && saved.version > user.version ? saved.team : stored);
  const byName = [...teams].sort((a, b) => a[1].localeCompare(b[1]));

  const change = async (team: string) => {
    if (team === shown) return;
    setPending(team);
    try {
      const record = (await update.mutateAsync({
        id: user.id,
        // The generic client types an optional ref as absent, not null; the API takes null as "none".
        patch: { team: team === '' ? null : team } as never,
        version: user.version,
      })) as AnyRecord;
      setSaved({ team, version: record.version });
      toast.success(
        team ? `${name} is now in ${teams.get(team) ?? 'the team'}.` : `${name} has no team now.`,
      );
    } catch (e) {
      toast.error(`The team of ${name} was not changed.`, { description: refusalText(e, meta, 'users') });
    } finally {
      setPending(null);
    }
  };

  return (
    <select
      className="admin-role-select"
      aria-label={`Team of ${name}`}
      value={shown}
      disabled={pending !== null}
      aria-busy={pending !== null}
      onChange={(e) => void change(e.target.value)}
    >
      <option value="">No team</option>
      {byName.map(([id, title]) => (
        <option key={id} value={id}>
          {title}
        </option>
      ))}
      {shown && !teams.has(shown) && <option value={shown}>#{shown.slice(-6)}</option>}
    </select>
  );
}
