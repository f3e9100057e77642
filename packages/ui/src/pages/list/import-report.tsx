/**
 * What an import did, row by row: how many were created and failed, and for each failing row
 * its number (as a spreadsheet counts them after the header), the field and the catalogue's
 * message. In `all` mode a failure means nothing was written, and it says so.
 */
import type { ImportReport } from '@ninefold/client';
import type { EntityMeta } from '@ninefold/spec';
import { humanize } from '@ninefold/spec';
import { problemMessage } from '../../feedback/problem-message';
import { useMeta } from '../../meta/meta-provider';

/** One failing field of one row, in words. */
export interface RowProblem {
  readonly row: number;
  readonly field: string;
  readonly message: string;
}

/**
 * The failing rows of a report as lines to show: one per failing field, or one for the row
 * when the failure names no field (a limit, a refusal).
 * @example rowProblems(report, tickets, meta.errors) // [{ row: 3, field: 'Subject', message: 'Must be at least 5 characters.' }]
 */
export function rowProblems(
  report: ImportReport,
  entity: EntityMeta,
  catalogue: Readonly<Record<string, { readonly message: string }>>,
): RowProblem[] {
  return report.rows.flatMap((r) => {
    if (r.status !== 'failed') return [];
    const label = (path: string) => entity.fields[path]?.label ?? humanize(path);
    if (r.errors && r.errors.length > 0) {
      return r.errors.map((e) => ({ row: r.row, field: label(e.path), message: e.message }));
    }
    const message = problemMessage({ code: r.code ?? 'INTERNAL' }, catalogue);
    return [{ row: r.row, field: '—', message }];
  });
}

/**
 * @example <ImportReportView report={report} entity={meta.entities.tickets!} />
 */
export function ImportReportView({ report, entity }: { report: ImportReport; entity: EntityMeta }) {
  const meta = useMeta();
  const problems = rowProblems(report, entity, meta.errors);
  const nothing = report.mode === 'all' && report.failed > 0;
  return (
    <div className="import-report" role="status">
      <p>
        {nothing
          ? `Nothing was imported: ${report.failed} of ${report.total} rows failed, and this import writes all rows or none.`
          : `${report.created} of ${report.total} rows imported${report.failed > 0 ? `, ${report.failed} failed` : ''}.`}
      </p>
      {report.ignoredColumns && report.ignoredColumns.length > 0 && (
        <p className="import-ignored">
          Not imported (set by the app, never by an import):{' '}
          {report.ignoredColumns.map((c) => entity.fields[c]?.label ?? humanize(c)).join(', ')}.
        </p>
      )}
      {problems.length > 0 && (
        <div className="table-scroll">
          <table className="data-table import-problems">
            <caption className="visually-hidden">Rows that failed</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Field</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {problems.map((p) => (
                <tr key={`${p.row}-${p.field}-${p.message}`}>
                  <td data-label="Row">{p.row}</td>
                  <td data-label="Field">{p.field}</td>
                  <td data-label="Problem">{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
