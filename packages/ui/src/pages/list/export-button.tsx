/**
 * Downloads the list as CSV, as the caller sees it: the same filters, search and order as
 * the page, every page of it, and only the rows and fields the caller may read (the server
 * streams it under the same rules as the list).
 */
import { nf } from '../../data/ninefold';

export interface ExportButtonProps {
  readonly entity: string;
  readonly where: Readonly<Record<string, unknown>>;
  readonly sort: string;
  readonly search?: string | undefined;
}

/**
 * @example <ExportButton entity="tickets" where={{ status: 'open' }} sort="-createdAt" />
 */
export function ExportButton({ entity, where, sort, search }: ExportButtonProps) {
  const client = nf.useClient();
  // A link, not a fetch: the browser downloads it with the session cookie, streamed to disk.
  const href = client.exportUrl(entity, {
    format: 'csv',
    where: where as never,
    sort: sort as never,
    ...(search ? { search } : {}),
  });
  return (
    <a className="button secondary" href={href} download={`${entity}.csv`}>
      Export CSV
    </a>
  );
}
