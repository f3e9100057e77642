/**
 * What the derivations make of file fields: never filtered, sorted, grouped, aggregated or
 * searched; their limits, defaults applied, in `/api/meta`; storage quotas in the client's
 * limits; server-set in every input schema; and their upload, download and removal in OpenAPI.
 */
import app from '@ninefold/example-helpdesk';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { defineApp } from '../app/define-app';
import { entity } from '../app/entity';
import { metaAnswer } from '../contract/meta-answer';
import { META_SCHEMA } from '../contract/meta-schema';
import { FILE_REF_SCHEMA } from '../contract/wire-schemas';
import { DEFAULT_FILE_BYTES, DEFAULT_MAX_FILES, DEFAULT_MAX_PIXELS, f } from '../fields/field';
import { aggregateFields } from './aggregate-fields';
import { clientMeta } from './client-meta';
import { entityMeta } from './entity-meta';
import { fileFieldMeta } from './file-field-meta';
import { filterableFields, filterOperators } from './filter-operators';
import { entitySchemas, type JsonSchema } from './json-schema';
import { listCapabilities, sortRefusal } from './list-capabilities';
import { openApi } from './openapi';

const props = (s: JsonSchema) => Object.keys(s.properties as object);

describe('file fields in lists and aggregates', () => {
  it.each(['file', 'files'] as const)('a %s field takes no filter operator', (type) => {
    expect(filterOperators(type)).toEqual([]);
  });

  it.each(['tickets', 'comments'])(
    '%s: attachments are not filterable, sortable, groupable or searched',
    (name) => {
      const e = app.entities[name]!;
      expect(filterableFields(e).map((x) => x.name)).not.toContain('attachments');
      const caps = listCapabilities(e);
      expect([...caps.sorts, ...caps.keys, ...caps.search, ...caps.indexes.flat()]).not.toContain(
        'attachments',
      );
      expect(Object.values(aggregateFields(e)).flat()).not.toContain('attachments');
    },
  );

  it('refuses a sort on a file field, saying why', () => {
    expect(sortRefusal(app.entities.tickets!, '-attachments')).toMatch(
      /^'attachments' cannot be sorted on: it is a files field;/,
    );
  });
});

describe('file fields in /api/meta', () => {
  it('carries the limits a form checks before uploading, as declared', () => {
    const m = entityMeta(app, 'tickets', app.entities.tickets!);
    expect(m.fields.attachments).toEqual({
      kind: 'field',
      type: 'files',
      label: 'Attachments',
      max: 5,
      maxBytes: 10 * 1_048_576,
      maxPixels: DEFAULT_MAX_PIXELS,
      accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'],
      variants: {
        thumb: { width: 160, height: 160, fit: 'cover' },
        preview: { width: 1280, height: 1280, fit: 'inside' },
      },
    });
    expect(m.fields.subject).toBe(app.entities.tickets!.fields.subject);
  });

  it('fills in the defaults a field leaves out, and no max for one file', () => {
    expect(fileFieldMeta(f.files())).toEqual({
      kind: 'field',
      type: 'files',
      max: DEFAULT_MAX_FILES,
      maxBytes: DEFAULT_FILE_BYTES,
      maxPixels: DEFAULT_MAX_PIXELS,
    });
    expect(fileFieldMeta(f.file({ maxBytes: 1024 }))).toEqual({
      kind: 'field',
      type: 'file',
      maxBytes: 1024,
      maxPixels: DEFAULT_MAX_PIXELS,
    });
  });

  it('lists storage quotas with their bytes resolved from the constant', () => {
    expect(clientMeta(app).limits.storage).toEqual([
      {
        name: 'customerFiles',
        description: 'Attachments each customer keeps.',
        bytes: 100 * 1_048_576,
        roles: ['customer'],
        per: 'owner',
        error: 'LIMIT_EXCEEDED',
      },
    ]);
  });

  it('answers a meta its own JSON schema takes, and the schema is live', () => {
    const validate = new Ajv2020({ strict: false }).compile(META_SCHEMA);
    const answer = JSON.parse(JSON.stringify(metaAnswer(app)));
    expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
    answer.limits.storage[0].bytes = 'lots';
    expect(validate(answer)).toBe(false);
  });

  it('throws on a storage quota whose constant is not a number (the checker refuses it first)', () => {
    const bad = defineApp({
      about: { name: 'x', summary: 'x', audience: 'x' },
      roles: { admin: { admin: true } },
      entities: { notes: entity({ fields: { scan: f.file() } }) },
      constants: { BYTES: { value: 'many' } },
      limits: { storage: { notes: { bytes: { kind: 'const', name: 'BYTES' } as never } } },
    });
    expect(() => clientMeta(bad)).toThrow(/limits\.storage\.notes\.bytes/);
  });
});

describe('file fields in JSON Schema', () => {
  const tickets = entitySchemas(app.entities.tickets!);

  it('reads a record’s files as read-only FileRefs, at most max of them', () => {
    expect(tickets.record.properties).toHaveProperty('attachments', {
      type: 'array',
      items: FILE_REF_SCHEMA,
      maxItems: 5,
      title: 'Attachments',
      readOnly: true,
    });
  });

  it.each(['tickets', 'comments'])(
    '%s: neither a create nor an update names attachments (uploads fill them)',
    (name) => {
      const s = entitySchemas(app.entities[name]!);
      expect(props(s.record)).toContain('attachments');
      expect(props(s.create)).not.toContain('attachments');
      expect(props(s.update)).not.toContain('attachments');
    },
  );
});

describe('file routes in OpenAPI', () => {
  const doc = openApi(app);
  const paths = doc.paths as Record<string, Record<string, any>>;
  const upload = paths['/api/entities/tickets/{id}/files/attachments']?.post;
  const fileItem = paths['/api/entities/tickets/{id}/files/attachments/{fileId}'];
  const download = fileItem?.get;
  const remove = fileItem?.delete;
  const schemas = doc.components.schemas as Record<string, any>;

  it('spells the three routes out per entity and file field, with stable ids', () => {
    const ids = Object.values(paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => ['uploadFile', 'downloadFile', 'deleteFile'].includes(op?.['x-route']))
      .map((op) => op.operationId);
    expect(ids.sort()).toEqual([
      'deleteCommentsAttachmentsFile',
      'deleteTicketsAttachmentsFile',
      'downloadCommentsAttachments',
      'downloadTicketsAttachments',
      'uploadCommentsAttachments',
      'uploadTicketsAttachments',
    ]);
  });

  it('declares {id} and {fileId} on the path', () => {
    expect(fileItem?.parameters.map((p: JsonSchema) => p.name)).toEqual(['id', 'fileId']);
  });

  it('uploads one binary part named file, answering 201 FileRef', () => {
    const body = upload.requestBody.content['multipart/form-data'];
    expect(body.schema.required).toEqual(['file']);
    expect(body.schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(body.encoding.file.contentType).toBe(
      'image/png, image/jpeg, image/gif, image/webp, application/pdf, text/plain',
    );
    expect(upload.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/FileRef',
    });
    expect(schemas.FileRef).toEqual(FILE_REF_SCHEMA);
    expect(upload.description).toContain('At most 10 MiB per file');
  });

  it('answers an upload’s refusals: too large, invalid, over the quota, forbidden, signed out', () => {
    expect(upload['x-error-codes']).toEqual(
      expect.arrayContaining([
        'PAYLOAD_TOO_LARGE',
        'VALIDATION_FAILED',
        'LIMIT_EXCEEDED',
        'FORBIDDEN',
        'UNAUTHENTICATED',
        'NOT_FOUND',
      ]),
    );
    for (const status of ['201', '401', '403', '404', '409', '413', '422'])
      expect(upload.responses).toHaveProperty(status);
  });

  it('downloads by token, variant and download flag, answering the bytes', () => {
    expect(download.parameters).toEqual([
      expect.objectContaining({ name: 'token', in: 'query' }),
      expect.objectContaining({
        name: 'variant',
        in: 'query',
        schema: { type: 'string', enum: ['thumb', 'preview'] },
      }),
      expect.objectContaining({ name: 'download', in: 'query', schema: { type: 'boolean' } }),
    ]);
    expect(download.responses['200'].content).toEqual({
      'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
    });
    expect(download.responses['200'].description).toContain("`Content-Type` is the file's own type");
    expect(download['x-error-codes']).toEqual(expect.arrayContaining(['NOT_FOUND', 'INVALID_TOKEN']));
    // An unreadable file is absent (404), never forbidden.
    expect(download['x-error-codes']).not.toContain('FORBIDDEN');
  });

  it('offers no variant parameter for a field without variants', () => {
    const plain = defineApp({
      about: { name: 'x', summary: 'x', audience: 'x' },
      roles: { admin: { admin: true } },
      entities: {
        notes: entity({
          fields: { scan: f.file() },
          access: { read: { admin: true }, update: { admin: true } },
        }),
      },
    });
    const get = (openApi(plain).paths as Record<string, any>)['/api/entities/notes/{id}/files/scan/{fileId}']
      .get;
    expect(get.parameters.map((p: JsonSchema) => p.name)).toEqual(['token', 'download']);
    expect(get.operationId).toBe('downloadNotesScan');
  });

  it('removes a file with 204, judged as an update', () => {
    expect(Object.keys(remove.responses)).toEqual(expect.arrayContaining(['204', '401', '403', '404']));
    expect(remove.requestBody).toBeUndefined();
  });
});
