/**
 * Adding a related record under a record (a comment on a ticket): the fields the role may
 * write, minus the link back (filled in), so the `internal` box appears only for those who
 * may write internal notes. Checked by the spec's validator, like every form. Files chosen
 * for it go up into the new record once it exists.
 */
import { humanize, validatorFor } from '@ninefold/spec';
import { useMemo } from 'react';
import { FieldSet } from '../../components/field-set';
import { nf } from '../../data/ninefold';
import { useNotify } from '../../feedback/use-notify';
import { AttachFiles } from '../../files/attach-files';
import { useAttachOnCreate } from '../../files/use-attach-on-create';
import { capitalize, singular } from '../../format/singular';
import { initialValues } from '../../forms/form-values';
import { useFieldForm } from '../../forms/use-field-form';
import { useMeta } from '../../meta/meta-provider';
import { creatableFields, createFields } from '../../permissions/role-view';
import { useSession } from '../../session/session-provider';

/**
 * @example <RelatedForm entity="comments" via="ticket" parentId={ticket.id} />
 */
export function RelatedForm({
  entity,
  via,
  parentId,
}: {
  readonly entity: string;
  readonly via: string;
  readonly parentId: string;
}) {
  const meta = useMeta();
  const { role } = useSession();
  const notify = useNotify();
  const e = meta.entities[entity]!;
  const writable = useMemo(() => creatableFields(meta, role, entity), [meta, role, entity]);
  const names = useMemo(
    () => createFields(meta, role, entity).filter((f) => f !== via),
    [meta, role, entity, via],
  );
  const validator = useMemo(() => validatorFor(e), [e]);
  const form = useFieldForm(e.fields, names, initialValues(e.fields, names), (d) =>
    validator.create({ ...d, [via]: parentId }, writable),
  );
  const create = nf.useCreate(entity);
  const attach = useAttachOnCreate(entity);
  const noun = singular(e.label);
  const sending = create.isPending || attach.uploads.busy;

  if (!writable.includes(via) || names.length === 0) return null;

  const submit = form.handleSubmit((body) => {
    create.mutate({ ...body, [via]: parentId } as never, {
      onSuccess: (created) => {
        notify.success(capitalize(`${noun} added.`));
        form.reset(initialValues(e.fields, names));
        // Files go up once the record they belong to exists; a refusal stays on the form.
        void attach.attachTo(String((created as { id: unknown }).id));
      },
      onError: (err) => {
        if (!form.refused(err)) notify.error(err);
      },
    });
  });

  return (
    <form
      ref={form.formRef}
      className="related-form"
      noValidate
      onSubmit={submit}
      aria-label={`Add a ${noun}`}
    >
      <FieldSet idPrefix={`new-${entity}`} fields={e.fields} names={names} form={form} />
      <AttachFiles attach={attach} disabled={sending} />
      <div className="form-actions">
        <button type="submit" disabled={sending}>
          {sending ? 'Sending…' : capitalize(`add ${humanize(noun).toLowerCase()}`)}
        </button>
      </div>
    </form>
  );
}
