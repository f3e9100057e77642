/**
 * A `detail` screen: one record, live. Its title and state, the transitions the viewer may
 * run (from the record's `$can`), actions on it, an edit dialog and delete, its fields, long texts
 * and files in the main column, related records (the comment thread) and its history.
 */

import { isFileField } from '@ninefold/spec';
import { useRef } from 'react';
import { FieldValue } from '../../components/field-value';
import { PageHeader } from '../../components/page-header';
import { PageHoldProvider, usePageHolds } from '../../components/page-hold';
import { ProblemAlert } from '../../components/problem-alert';
import { RecordActionButton } from '../../components/record-action-button';
import { PageSkeleton } from '../../components/skeleton';
import { StateBadge } from '../../components/state-badge';
import { type AnyRecord, nf } from '../../data/ninefold';
import { useRecordTitle } from '../../data/use-record-title';
import { problemCode } from '../../feedback/problem-message';
import { RecordFiles } from '../../files/record-files';
import { singular } from '../../format/singular';
import { useMeta } from '../../meta/meta-provider';
import { recordActions } from '../../permissions/record-abilities';
import { readableFields } from '../../permissions/role-view';
import type { PageProps } from '../../registry/ui-registry';
import { useSession } from '../../session/session-provider';
import { TransitionButtons } from '../../transitions/transition-buttons';
import { NotFoundPage } from '../not-found-page';
import { DeleteButton } from './delete-button';
import { EditButton } from './edit-dialog';
import { HistoryList } from './history-list';
import { RecordFields } from './record-fields';
import { RelatedThread } from './related-thread';
import '../../styles/detail.css';

type Rec = {
  readonly id: string;
  readonly version: number;
  readonly createdAt: string;
  readonly [field: string]: unknown;
};

/**
 * @example <DetailPage name="ticket" screen={meta.screens.ticket!} params={{ id }} />
 */
export function DetailPage(page: PageProps) {
  const name = page.screen.entity ?? '';
  const id = page.params.id ?? '';
  const meta = useMeta();
  const { role } = useSession();
  const e = meta.entities[name]!;
  const query = nf.useRecord(name, id);
  const [held, hold] = usePageHolds();
  // A failed refetch keeps the data TanStack had; a record gone while a dialog is open stays
  // on screen as it last was, so the dialog (and what was typed in it) stays too.
  const last = useRef<Rec | undefined>(undefined);
  if (query.data) last.current = query.data as unknown as Rec;
  const gone = query.isError && problemCode(query.error) === 'NOT_FOUND';
  const record = query.data ? last.current : held > 0 && last.current?.id === id ? last.current : undefined;
  const heading = useRecordTitle(name, record as AnyRecord | undefined, page.screen.title);
  if (query.isPending) return <PageSkeleton />;
  if (!record) {
    if (gone) return <NotFoundPage what={singular(e.label)} />;
    return <ProblemAlert error={query.error} />;
  }
  const titleField = e.title;
  const title = heading ?? page.screen.title;
  const stateField = e.states?.field;
  const readable = readableFields(meta, role, name);
  const long = readable.filter((f) => f !== titleField && e.fields[f]?.type === 'longText' && record[f]);
  const files = readable.filter((f) => isFileField(e.fields[f]!));
  const short = readable.filter(
    (f) => f !== titleField && f !== stateField && e.fields[f]?.type !== 'longText' && !files.includes(f),
  );
  const final = stateField ? e.states?.states[String(record[stateField])]?.final : false;
  const actions = final ? [] : recordActions(meta, role, name);

  return (
    <PageHoldProvider value={hold}>
      <div className="detail-page">
        {gone ? (
          <div className="alert" role="alert">
            <p>This {singular(e.label)} was deleted, or you may no longer see it.</p>
          </div>
        ) : (
          query.isError && <ProblemAlert error={query.error} />
        )}
        <PageHeader
          page={page}
          title={title}
          lede={
            <>
              {stateField && <StateBadge entity={e} state={String(record[stateField])} />}{' '}
              <span className="muted">
                Created{' '}
                <FieldValue
                  entity={name}
                  field="createdAt"
                  value={record.createdAt}
                  record={record}
                  context="detail"
                />
              </span>
            </>
          }
          actions={
            <>
              <TransitionButtons entity={name} record={record} recordTitle={title} />
              {actions.map((a) => (
                <RecordActionButton key={a.name} entity={name} id={record.id} action={a} />
              ))}
              <EditButton entity={name} record={record} />
              <DeleteButton entity={name} record={record} title={title} />
            </>
          }
        />
        <div className="detail-columns">
          <div className="detail-main">
            {long.map((f) => (
              <section key={f} className="long-field" aria-label={e.fields[f]?.label ?? f}>
                <h2 className="field-heading">{e.fields[f]?.label ?? f}</h2>
                <FieldValue entity={name} field={f} value={record[f]} record={record} context="detail" />
              </section>
            ))}
            <RecordFiles entity={name} record={record} names={files} />
            {(page.screen.related ?? []).map((r) => (
              <RelatedThread
                key={`${r.entity}.${r.via}`}
                entity={r.entity}
                via={r.via}
                parentId={record.id}
                title={r.title}
              />
            ))}
          </div>
          <aside className="detail-aside" aria-label="Details">
            <RecordFields entityName={name} entity={e} names={short} record={record} />
            <section aria-labelledby="history-heading" className="history-section">
              <h2 id="history-heading">History</h2>
              <HistoryList entity={name} id={record.id} />
            </section>
          </aside>
        </div>
      </div>
    </PageHoldProvider>
  );
}
