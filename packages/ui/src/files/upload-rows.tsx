/**
 * Uploads on their way, each with a progress bar of the bytes sent, and those the server
 * refused with its reason and a button to clear them. A live region says when one fails.
 */
import { bytesText } from './file-words';
import type { UploadRow } from './use-file-uploads';
import './files.css';

/**
 * @example <UploadRows rows={uploads.rows} onDismiss={uploads.dismiss} />
 */
export function UploadRows({
  rows,
  onDismiss,
}: {
  readonly rows: readonly UploadRow[];
  onDismiss(key: string): void;
}) {
  if (rows.length === 0) return null;
  return (
    <ul className="upload-rows" aria-label="Uploads">
      {rows.map((row) => {
        const percent = row.total > 0 ? Math.min(100, Math.round((row.loaded / row.total) * 100)) : 0;
        return (
          <li key={row.key} className={row.error ? 'upload-row upload-row-failed' : 'upload-row'}>
            <span className="file-name">{row.name}</span>
            {row.error ? (
              <>
                <span className="field-error" role="alert">
                  {/* Said with the file's name: the alert is read on its own. */}
                  <span className="visually-hidden">{row.name}: </span>
                  {row.error}
                </span>
                <button
                  type="button"
                  className="secondary small"
                  aria-label={`Dismiss ${row.name}`}
                  onClick={() => onDismiss(row.key)}
                >
                  Dismiss
                </button>
              </>
            ) : (
              <>
                <progress
                  className="upload-progress"
                  max={100}
                  value={percent}
                  aria-label={`Uploading ${row.name}`}
                  aria-valuenow={percent}
                  aria-valuetext={`${percent}% of ${bytesText(row.total)}`}
                />
                <span className="muted upload-percent" aria-hidden="true">
                  {percent}%
                </span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
