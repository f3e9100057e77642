/**
 * The client's calls over many records at once: aggregates (group-by with count, sum, avg,
 * min, max), export of a list as CSV or JSON, and import with a report by row and progress.
 * Every one answers only what the caller may read, as the server's rules decide.
 */
import type { CreateInput, EntityName, ImportMode, ImportReport, Problem } from '@ninefold/spec';
import type { AggregateAnswerOf, AggregateQuery } from './aggregate-types';
import { NinefoldError } from './client-error';
import type { CallOptions, Sort, Where } from './client-types';
import { aggregateQuery, exportQuery } from './query-string';
import type { Transport } from './transport';

/**
 * Which records an export holds and in which form: the list's filters, sort and search.
 * @example const opts: ExportOptions<typeof app, 'tickets'> = { format: 'csv', where: { status: 'open' } };
 */
export interface ExportOptions<A, E extends EntityName<A>> {
  readonly format?: 'csv' | 'json';
  readonly where?: Where<A, E>;
  readonly sort?: Sort<A, E>;
  readonly search?: string;
}

/** How far an import has got: rows done out of the rows sent. */
export interface ImportProgress {
  readonly done: number;
  readonly total: number;
}

/**
 * How to import: all-or-nothing (`all`, the default) or row by row (`each`); `onProgress`
 * hears how far the server has got while it works.
 * @example await client.import('tickets', csv, { mode: 'each', onProgress: (p) => bar(p.done / p.total) });
 */
export interface ImportOptions extends CallOptions {
  readonly mode?: ImportMode;
  readonly onProgress?: (progress: ImportProgress) => void;
}

const NDJSON = 'application/x-ndjson';

function badStream(status: number, detail: string): NinefoldError {
  return new NinefoldError({
    type: 'urn:ninefold:problem:BAD_RESPONSE',
    title: detail,
    status,
    code: 'BAD_RESPONSE',
    detail,
  });
}

/** Reads `{"progress"}` lines until the `{"report"}` one; a `{"problem"}` line is a failure. */
async function readProgress(res: Response, onProgress: (p: ImportProgress) => void): Promise<ImportReport> {
  if (!res.body) throw badStream(res.status, 'The import answered with no body.');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffered += value ?? '';
    const lines = buffered.split('\n');
    buffered = done ? '' : lines.pop()!;
    for (const line of lines) {
      if (line.trim() === '') continue;
      let message: { progress?: ImportProgress; report?: ImportReport; problem?: Problem };
      try {
        message = JSON.parse(line);
      } catch {
        throw badStream(res.status, 'The import sent a progress line that is not JSON.');
      }
      if (message.problem) throw new NinefoldError(message.problem);
      if (message.report) return message.report;
      if (message.progress) onProgress(message.progress);
    }
    if (done) throw badStream(res.status, 'The import ended before its report.');
  }
}

/**
 * @example const { aggregate, exportUrl, import: importRows } = bulkCalls<typeof app>(http, path);
 */
export function bulkCalls<A>(http: Transport, path: (entity: string) => string) {
  const url = (entity: string, tail: string, qs: string) => `${path(entity)}/${tail}${qs ? `?${qs}` : ''}`;
  return {
    /**
     * Groups and aggregates the records the caller may read; fields a role may not read
     * cannot be grouped or aggregated by it. Typed by the query: `count` is there when asked,
     * `sum.satisfaction` when `sum: ['satisfaction']` was.
     * @example
     * const { groups } = await client.aggregate('tickets', { groupBy: ['status'], count: true, avg: ['satisfaction'] });
     * groups.map((g) => `${g.key.status}: ${g.count} (${g.avg.satisfaction ?? '–'})`);
     */
    aggregate: <E extends EntityName<A>, const Q extends AggregateQuery<A, E>>(
      entity: E,
      query: Q,
      opts: CallOptions = {},
    ) =>
      http.request<AggregateAnswerOf<A, E, Q>>('GET', url(entity, 'aggregate', aggregateQuery(query)), {
        signal: opts.signal,
      }),
    /**
     * The address of an export, for a link or a download in a browser signed in by cookie.
     * @example <a href={client.exportUrl('tickets', { format: 'csv', where: { status: 'open' } })} download>CSV</a>
     */
    exportUrl: <E extends EntityName<A>>(entity: E, opts: ExportOptions<A, E> = {}) =>
      `${http.base}${url(entity, 'export', exportQuery(opts))}`,
    /**
     * An export as a Blob (CSV or JSON), the list as the caller sees it; works with a token too.
     * @example const csv = await (await client.export('tickets', { format: 'csv' })).text();
     */
    export: async <E extends EntityName<A>>(entity: E, opts: ExportOptions<A, E> & CallOptions = {}) => {
      const res = await http.request<Response>('GET', url(entity, 'export', exportQuery(opts)), {
        signal: opts.signal,
        raw: true,
        headers: {
          accept: `${opts.format === 'json' ? 'application/json' : 'text/csv'}, application/problem+json`,
        },
      });
      return res.blob();
    },
    /**
     * Imports rows — CSV text with a header row, or records as objects — each validated by
     * the spec and the caller's rules; answers a report by row with catalogue codes.
     * @example
     * const report = await client.import('tickets', 'subject,description\nPrinter jam,Tray 2', { mode: 'each' });
     * report.rows.filter((r) => r.status === 'failed').map((r) => `${r.row}: ${r.code}`);
     */
    import: async <E extends EntityName<A>>(
      entity: E,
      rows: string | readonly CreateInput<A, E>[],
      opts: ImportOptions = {},
    ): Promise<ImportReport> => {
      const target = url(entity, 'import', opts.mode ? `mode=${opts.mode}` : '');
      const body = typeof rows === 'string' ? { rawBody: { type: 'text/csv', text: rows } } : { body: rows };
      if (!opts.onProgress)
        return http.request<ImportReport>('POST', target, { ...body, signal: opts.signal });
      const res = await http.request<Response>('POST', target, {
        ...body,
        signal: opts.signal,
        raw: true,
        headers: { accept: `${NDJSON}, application/json, application/problem+json` },
      });
      // A server that does not stream answers the report in one piece.
      if (!res.headers.get('content-type')?.includes(NDJSON)) return (await res.json()) as ImportReport;
      return readProgress(res, opts.onProgress);
    },
  };
}
