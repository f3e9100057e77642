/**
 * Records related to this one (a ticket's comments), oldest first like a conversation,
 * live, each with its author, time and files; internal notes marked as such. The form to add
 * one follows.
 */
import { type EntityMeta, humanize, isFileField } from '@ninefold/spec';
import { useId } from 'react';
import { FieldValue } from '../../components/field-value';
import { SkeletonLines } from '../../components/skeleton';
import { nf } from '../../data/ninefold';
import { ItemFiles } from '../../files/item-files';
import { formatInstant } from '../../format/format-value';
import { useMeta } from '../../meta/meta-provider';
import { readableFields } from '../../permissions/role-view';
import { useSession } from '../../session/session-provider';
import { ActorName } from './actor-name';
import { RelatedForm } from './related-form';

type Row = { readonly id: string; readonly createdAt: string; readonly [field: string]: unknown };

function authorField(e: EntityMeta): string | undefined {
  return Object.entries(e.fields).find(
    ([, f]) => f.type === 'ref' && f.entity === 'users' && f.readOnly === true,
  )?.[0];
}

function flagFields(e: EntityMeta, readable: readonly string[]): string[] {
  return readable.filter((f) => e.fields[f]?.type === 'boolean');
}

/**
 * @example <RelatedThread entity="comments" via="ticket" parentId={ticket.id} title="Conversation" />
 */
export function RelatedThread({
  entity,
  via,
  parentId,
  title,
}: {
  readonly entity: string;
  readonly via: string;
  readonly parentId: string;
  readonly title: string;
}) {
  const meta = useMeta();
  const { role } = useSession();
  const headingId = useId();
  const e = meta.entities[entity]!;
  const list = nf.useList(entity, {
    where: { [via]: parentId } as never,
    sort: 'createdAt',
    limit: meta.limits.pageSize.max,
  });
  const readable = readableFields(meta, role, entity);
  const author = authorField(e);
  const flags = flagFields(e, readable);
  const files = readable.filter((f) => isFileField(e.fields[f]!));
  const body =
    e.title && readable.includes(e.title) ? e.title : readable.find((f) => e.fields[f]?.type === 'longText');
  const items = list.data?.items as Row[] | undefined;

  return (
    <section className="related" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {items === undefined ? (
        <SkeletonLines count={2} height={4} />
      ) : items.length === 0 ? (
        <p className="muted">Nothing here yet.</p>
      ) : (
        <ol className="thread" aria-busy={list.isFetching}>
          {items.map((item) => {
            const marked = flags.filter((f) => item[f] === true);
            return (
              <li
                key={item.id}
                className={marked.length > 0 ? 'thread-item thread-item-flagged' : 'thread-item'}
              >
                <article aria-label={`${humanize(entity)} from ${formatInstant(item.createdAt)}`}>
                  <header className="thread-meta">
                    {author && (
                      <strong>
                        <ActorName id={(item[author] as string | null) ?? null} actorRole={null} />
                      </strong>
                    )}
                    <time dateTime={item.createdAt}>{formatInstant(item.createdAt)}</time>
                    {marked.map((f) => (
                      <span key={f} className="badge badge-flag">
                        {e.fields[f]?.label ?? humanize(f)}
                      </span>
                    ))}
                  </header>
                  {body && (
                    <FieldValue
                      entity={entity}
                      field={body}
                      value={item[body]}
                      record={item}
                      context="detail"
                    />
                  )}
                  <ItemFiles entity={entity} record={item} names={files} />
                </article>
              </li>
            );
          })}
        </ol>
      )}
      <RelatedForm entity={entity} via={via} parentId={parentId} />
    </section>
  );
}
