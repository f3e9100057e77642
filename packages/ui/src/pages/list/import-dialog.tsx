/**
 * Imports a CSV file into an entity: choose the file and whether a failing row stops all
 * (nothing is written) or only itself, watch the progress, then read the report by row.
 * The server validates every row with the spec and the caller's rules, as a form would.
 */
import type { ImportMode } from '@ninefold/client';
import type { EntityMeta } from '@ninefold/spec';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { ProblemAlert } from '../../components/problem-alert';
import { nf } from '../../data/ninefold';
import { ImportReportView } from './import-report';
import '../../styles/dialog.css';

export interface ImportDialogProps {
  readonly entityName: string;
  readonly entity: EntityMeta;
  onClose(): void;
}

/**
 * Open while rendered.
 * @example {importing && <ImportDialog entityName="tickets" entity={e} onClose={() => setImporting(false)} />}
 */
export function ImportDialog({ entityName, entity, onClose }: ImportDialogProps) {
  // The hook reads the entity's lists, totals and aggregates again once the import settles.
  const run = nf.useImport(entityName);
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('all');
  const busy = run.isPending;
  const report = run.data;
  const progress = run.progress;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    run.reset();
    run.mutate({ rows: await file.text(), mode });
  };
  const label = entity.label.toLowerCase();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog-title">Import {label}</Dialog.Title>
          <form onSubmit={submit} noValidate>
            <Dialog.Description className="dialog-description">
              A CSV file with a header row naming the fields, one {label.replace(/s$/, '')} a row.
            </Dialog.Description>
            <div className="field">
              <label htmlFor={fileId}>CSV file</label>
              <input
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  run.reset();
                }}
              />
            </div>
            <fieldset className="import-mode">
              <legend>If a row fails</legend>
              <label>
                <input type="radio" name="mode" checked={mode === 'all'} onChange={() => setMode('all')} />{' '}
                Import nothing
              </label>
              <label>
                <input type="radio" name="mode" checked={mode === 'each'} onChange={() => setMode('each')} />{' '}
                Import the other rows
              </label>
            </fieldset>
            {(busy || report) && (
              <progress
                className="import-progress"
                aria-label="Import progress"
                max={Math.max(progress?.total ?? 1, 1)}
                value={report ? Math.max(progress?.total ?? 1, 1) : (progress?.done ?? 0)}
              />
            )}
            {run.isError && <ProblemAlert error={run.error} />}
            {report && <ImportReportView report={report} entity={entity} />}
            <div className="form-actions dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="secondary">
                  {report ? 'Close' : 'Cancel'}
                </button>
              </Dialog.Close>
              <button type="submit" disabled={!file || busy} aria-busy={busy}>
                {busy ? 'Importing…' : 'Import'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
