/**
 * Removing one file from its field, after a question (a removed file is gone): the server
 * judges the caller as it would a change of the field.
 */
import type { FileRef } from '@ninefold/spec';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import type { UploadTarget } from './use-file-uploads';

/**
 * @example <RemoveFileButton target={{ entity: 'tickets', id, field: 'attachments' }} file={ref} />
 */
export function RemoveFileButton({
  target,
  file,
}: {
  readonly target: UploadTarget;
  readonly file: FileRef;
}) {
  const client = nf.useClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const remove = async () => {
    try {
      await client.files.remove(target.entity, target.id, target.field, file.id);
      notify.success(`${file.name} removed.`);
      await queryClient.invalidateQueries({ queryKey: ['nf', target.entity] });
      return true;
    } catch (error) {
      notify.error(error);
      return false;
    }
  };
  return (
    <>
      <button
        type="button"
        className="secondary small"
        aria-label={`Remove ${file.name}`}
        onClick={() => setAsking(true)}
      >
        Remove
      </button>
      {asking && (
        <ConfirmDialog
          title={`Remove ${file.name}?`}
          description="The file is deleted for everyone who can see it. This cannot be undone."
          confirm="Remove"
          onConfirm={remove}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
