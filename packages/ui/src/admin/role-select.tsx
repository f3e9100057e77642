/**
 * A user's role as a select. Choosing another role PATCHes it with `If-Match` (the version
 * shown), so a change made meanwhile by someone else is refused rather than overwritten;
 * the outcome is told in a toast. The server ends that user's sessions on a role change.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { type AnyRecord, nf } from '../data/ninefold';
import { fieldProblems, problemCode, problemMessage } from '../feedback/problem-message';
import { useMeta } from '../meta/meta-provider';
import { ruleProblemText } from './rule-problem-text';

export interface RoleSelectProps {
  readonly user: AnyRecord;
  readonly roles: readonly string[];
  /** The signed-in admin's own row: not changeable here, so no one locks themselves out. */
  readonly self: boolean;
}

/**
 * @example <RoleSelect user={u} roles={['customer', 'agent', 'admin']} self={false} />
 */
export function RoleSelect({ user, roles, self }: RoleSelectProps) {
  const meta = useMeta();
  const update = nf.useUpdate('users');
  const [pending, setPending] = useState<string | null>(null);
  // The saved role shows until the refreshed list carries it: no flicker back to the old one.
  const [saved, setSaved] = useState<{ role: string; version: number } | null>(null);
  const name = String(user.name ?? user.email);
  const label = (role: string) => meta.roles[role]?.label ?? role;
  const shown = pending ?? (saved && saved.version > user.version ? saved.role : String(user.role));

  const change = async (role: string) => {
    if (role === shown) return;
    setPending(role);
    try {
      const record = (await update.mutateAsync({
        id: user.id,
        patch: { role },
        version: user.version,
      })) as AnyRecord;
      setSaved({ role, version: record.version });
      toast.success(`${name} is now ${label(role)}.`, {
        description: 'Their sessions have ended: they sign in again to work in the new role.',
      });
    } catch (e) {
      // The hook refreshes the list after a refusal too, so a stale row is replaced at once.
      const stale = problemCode(e) === 'VERSION_MISMATCH';
      const fields = fieldProblems(e).map((p) => ruleProblemText(meta.entities.users, p));
      toast.error(`The role of ${name} was not changed.`, {
        description: stale
          ? 'Someone changed this user meanwhile. The list shows the change now: check it and try again.'
          : [problemMessage(e, meta.errors), ...fields].join(' '),
      });
    } finally {
      setPending(null);
    }
  };

  return (
    <select
      className="admin-role-select"
      aria-label={`Role of ${name}`}
      value={shown}
      disabled={self || pending !== null}
      aria-busy={pending !== null}
      {...(self ? { title: 'Your own role cannot be changed here.' } : {})}
      onChange={(e) => void change(e.target.value)}
    >
      {roles.map((r) => (
        <option key={r} value={r}>
          {label(r)}
        </option>
      ))}
    </select>
  );
}
