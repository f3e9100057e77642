/**
 * A team's row actions: rename it (checked by the spec's validators, then the server) and
 * delete it. Deleting a team that has members is allowed and says what happens first: the
 * helpdesk's spec declares its references `onDelete: 'setNull'`, so members and tickets
 * are left without a team, never deleted with it.
 */
import { type EntityMeta, type MetaAnswer, validateFields } from '@ninefold/spec';
import {
  type AnyRecord,
  ConfirmDialog,
  fieldProblems,
  nf,
  problemMessage,
  refusalText,
  useMeta,
  useNotify,
} from '@ninefold/ui';
import { useId, useState } from 'react';

export interface TeamActionsProps {
  readonly team: AnyRecord;
  readonly entity: EntityMeta;
  /** People in the team now. */
  readonly members: number;
}

/** What else a delete does, from the spec's references to the entity. */
function deleteEffects(meta: MetaAnswer, target: string, members: number): string {
  const out: string[] = [];
  for (const [name, e] of Object.entries(meta.entities)) {
    for (const [field, f] of Object.entries(e.fields)) {
      if (f.type !== 'ref' || f.entity !== target) continue;
      const what = name === 'users' ? `${members} ${members === 1 ? 'person' : 'people'}` : e.label;
      const how =
        f.onDelete === 'cascade'
          ? 'are deleted with it'
          : f.onDelete === 'restrict'
            ? 'keep it from being deleted'
            : `lose their ${(f.label ?? field).toLowerCase()}`;
      out.push(`${what} that have it as ${(f.label ?? field).toLowerCase()} ${how}`);
    }
  }
  return out.length > 0 ? `${out.join('; ')}.` : '';
}

/**
 * @example <TeamActions team={t} entity={meta.entities.teams!} members={3} />
 */
export function TeamActions({ team, entity, members }: TeamActionsProps) {
  const meta = useMeta();
  const notify = useNotify();
  const update = nf.useUpdate('teams');
  const remove = nf.useDelete('teams');
  const id = useId();
  const titleField = entity.title ?? 'name';
  const title = String(team[titleField] ?? '');
  const [asking, setAsking] = useState<'rename' | 'delete' | null>(null);
  const [name, setName] = useState(title);
  const [error, setError] = useState<string | null>(null);

  const rename = async (): Promise<boolean> => {
    const field = entity.fields[titleField]!;
    const checked = validateFields({ [titleField]: field }, { [titleField]: name }, { mode: 'update' });
    if (!checked.ok) {
      setError(checked.issues.map((i) => i.message).join(' '));
      return false;
    }
    try {
      await update.mutateAsync({
        id: team.id,
        patch: { [titleField]: name } as never,
        version: team.version,
      });
      notify.success(`Team ${title} is now ${name}.`);
      return true;
    } catch (e) {
      const issues = fieldProblems(e);
      setError(issues.length > 0 ? issues.map((i) => i.message).join(' ') : refusalText(e, meta, 'teams'));
      return false;
    }
  };

  const del = async (): Promise<boolean> => {
    try {
      await remove.mutateAsync({ id: team.id, version: team.version });
      notify.success(`Team ${title} deleted.`);
    } catch (e) {
      notify.failure(`Team ${title} was not deleted.`, problemMessage(e, meta.errors));
    }
    return true;
  };

  return (
    <div className="admin-row-actions">
      <button
        type="button"
        className="secondary admin-small"
        aria-label={`Rename ${title}`}
        onClick={() => {
          setName(title);
          setError(null);
          setAsking('rename');
        }}
      >
        Rename
      </button>
      <button
        type="button"
        className="secondary admin-small"
        aria-label={`Delete ${title}`}
        onClick={() => setAsking('delete')}
      >
        Delete
      </button>
      {asking === 'rename' && (
        <ConfirmDialog
          title={`Rename ${title}`}
          description="The new name shows everywhere the team does."
          confirm="Rename team"
          onConfirm={rename}
          onClose={() => setAsking(null)}
        >
          <div className="field">
            <label htmlFor={`${id}-name`}>New name</label>
            <input
              id={`${id}-name`}
              type="text"
              value={name}
              onChange={(e) => setName(e.target.value)}
              {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
            />
            {error && (
              <p className="field-error" id={`${id}-error`}>
                {error}
              </p>
            )}
          </div>
        </ConfirmDialog>
      )}
      {asking === 'delete' && (
        <ConfirmDialog
          title={`Delete ${title}?`}
          description={`${title} is deleted for good. ${deleteEffects(meta, 'teams', members)}`}
          confirm="Delete team"
          onConfirm={del}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
