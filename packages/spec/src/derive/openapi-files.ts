/**
 * The file routes spelt out per entity and file field: upload (multipart, one part named
 * `file`), download (the file's bytes, by its url's token or the caller's session) and
 * remove. Uploading and removing are judged as an update of the field; downloading as a
 * read of the record and the field.
 */
import type { EntityNode } from '../app/entity';
import { FILE_ROUTES } from '../contract/file-routes';
import {
  DEFAULT_FILE_BYTES,
  DEFAULT_MAX_FILES,
  DEFAULT_MAX_PIXELS,
  type FileField,
  type FilesField,
  isFileField,
} from '../fields/field';
import type { JsonSchema } from './json-schema';
import { jsonContent, pascal, queryParam } from './openapi-names';
import { type OpenApiContext, operation } from './openapi-operation';
import { accessCodes } from './openapi-responses';
import type { PermissionCell } from './permission-matrix';

/** One concrete operation: the path with the app's names filled in, and the operation. */
export type SpeltOperation = readonly [path: string, operation: JsonSchema];

type FileRouteId = keyof typeof FILE_ROUTES;
type Cells = { readonly [role: string]: PermissionCell | undefined };

/**
 * The `{fileId}` path parameter of a download or a removal (declared on the path).
 * @example FILE_ID_PARAMETER.schema // { type: 'string', format: 'uuid' }
 */
export const FILE_ID_PARAMETER: JsonSchema = {
  name: 'fileId',
  in: 'path',
  required: true,
  description: "The file's id (its `id` in the record's field).",
  schema: { type: 'string', format: 'uuid' },
};

function spell(id: FileRouteId, entity: string, field: string): string {
  return FILE_ROUTES[id].path.replace('{entity}', entity).replace('{field}', field);
}

// Per role, its cell for `op`, narrowed to the grants that cover the field: a role whose
// grants name other fields only is refused this one.
function fieldCells(ctx: OpenApiContext, entity: string, op: 'read' | 'update', field: string): Cells {
  return Object.fromEntries(
    ctx.matrix.roles.map((role) => {
      const cell = ctx.matrix.entities[role]?.[entity]?.[op];
      const covers = cell && (cell.fields === undefined || cell.fields.includes(field));
      return [role, covers ? cell : undefined];
    }),
  );
}

function anonymous(cells: Cells): boolean {
  return (cells.anonymous?.allowed ?? 'never') !== 'never';
}

function mib(bytes: number): string {
  return bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${bytes} bytes`;
}

/**
 * The limits of a file field in words, for descriptions.
 * @example fileLimitsText(f.files({ max: 5 })) // 'At most 10 MiB per file, any type, images of at most 40000000 pixels, at most 5 files.'
 */
export function fileLimitsText(field: FileField | FilesField): string {
  const parts = [
    `at most ${mib(field.maxBytes ?? DEFAULT_FILE_BYTES)} per file`,
    field.accept ? `types ${field.accept.join(', ')} (decided from the content)` : 'any type',
    `images of at most ${field.maxPixels ?? DEFAULT_MAX_PIXELS} pixels`,
    field.type === 'files'
      ? `at most ${field.max ?? DEFAULT_MAX_FILES} files`
      : 'one file (an upload replaces it)',
  ];
  const text = parts.join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function uploadBody(field: FileField | FilesField): JsonSchema {
  return {
    required: true,
    description: 'One part named `file`; its name is kept (made safe), its type is read from its content.',
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { file: { type: 'string', format: 'binary', description: fileLimitsText(field) } },
          required: ['file'],
        },
        ...(field.accept ? { encoding: { file: { contentType: field.accept.join(', ') } } } : {}),
      },
    },
  };
}

function downloadParameters(field: FileField | FilesField): JsonSchema[] {
  const variants = Object.keys(field.variants ?? {});
  const query = queryParam;
  return [
    query(
      'token',
      "The token of the file's `url`: downloads without a session, until it expires or the caller loses access.",
      { type: 'string', minLength: 1 },
    ),
    ...(variants.length > 0
      ? [
          query('variant', 'An image variant of the field, made on first download and cached.', {
            type: 'string',
            enum: variants,
          }),
        ]
      : []),
    query(
      'download',
      'Present (`?download`, `?download=true`): served as an attachment, whatever its type.',
      {
        type: 'boolean',
      },
    ),
  ];
}

const BINARY: JsonSchema = {
  description:
    "The file's bytes. `Content-Type` is the file's own type (a variant's: its format); a type that could run script is served as `application/octet-stream`. With `Content-Disposition` (its safe name) and `X-Content-Type-Options: nosniff`.",
  headers: {
    'Content-Disposition': {
      description: "`inline` (or `attachment` with `?download`), with the file's safe name.",
      schema: { type: 'string' },
    },
  },
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

function fieldOperations(
  ctx: OpenApiContext,
  name: string,
  entity: EntityNode,
  fieldName: string,
  field: FileField | FilesField,
): Record<FileRouteId, SpeltOperation> {
  const { app } = ctx;
  const stem = `${pascal(name)}${pascal(fieldName)}`;
  const label = field.label ?? fieldName;
  const update = fieldCells(ctx, name, 'update', fieldName);
  const read = fieldCells(ctx, name, 'read', fieldName);
  const writeCodes = accessCodes(update, ['never', 'conditional']);
  const quotas = Object.values(app.limits.storage).filter((q) => q.entity === undefined || q.entity === name);
  return {
    uploadFile: [
      spell('uploadFile', name, fieldName),
      operation(ctx, 'uploadFile', {
        operationId: `upload${stem}`,
        summary: `Upload a file into ${label} of ${entity.label ?? name}`,
        description: `${fileLimitsText(field)} Judged as an update of \`${fieldName}\` would be; too large answers 413, a type it does not take 422 \`file_type\`, too many pixels 422 \`too_many_pixels\`, one file too many 422 \`too_many\`.`,
        tags: [name],
        anonymous: anonymous(update),
        requestBody: uploadBody(field),
        responses: { '201': { description: 'The file, with its url.', content: jsonContent('FileRef') } },
        codes: [...writeCodes, ...quotas.map((q) => q.error ?? 'LIMIT_EXCEEDED')],
      }),
    ],
    downloadFile: [
      spell('downloadFile', name, fieldName),
      operation(ctx, 'downloadFile', {
        operationId: `download${stem}`,
        summary: `Download a file of ${label} of ${entity.label ?? name}`,
        description:
          "By its url's `token`, or as the signed-in caller. A file of a record or field the caller may not read is answered as if it did not exist.",
        tags: [name],
        // The url's token stands in for a session.
        anonymous: true,
        parameters: downloadParameters(field),
        responses: {
          '200': BINARY,
          '206': {
            ...BINARY,
            description:
              'The byte range a `Range: bytes=` header asked for (one range), with `Content-Range`.',
          },
          '304': { description: "The caller's copy is current: `If-None-Match` named the file's `ETag`." },
        },
        // Unreadable answers 404, never 403, so a file's existence does not leak.
        codes: accessCodes(read, ['never']).filter((c) => c !== 'FORBIDDEN'),
      }),
    ],
    deleteFile: [
      spell('deleteFile', name, fieldName),
      operation(ctx, 'deleteFile', {
        operationId: `delete${stem}File`,
        summary: `Remove a file from ${label} of ${entity.label ?? name}`,
        description: `Judged as an update of \`${fieldName}\` would be; the stored bytes go once the change is committed.`,
        tags: [name],
        anonymous: anonymous(update),
        responses: { '204': { description: 'Removed.' } },
        codes: writeCodes,
      }),
    ],
  };
}

/**
 * Per file route, its operations for every file field of every entity, in declaration order.
 * @example fileOperations(ctx).uploadFile[0]?.[0] // '/api/entities/tickets/{id}/files/attachments'
 */
export function fileOperations(ctx: OpenApiContext): Record<FileRouteId, SpeltOperation[]> {
  const out: Record<FileRouteId, SpeltOperation[]> = { uploadFile: [], downloadFile: [], deleteFile: [] };
  for (const [name, entity] of Object.entries(ctx.app.entities)) {
    for (const [fieldName, field] of Object.entries(entity.fields)) {
      if (!isFileField(field)) continue;
      const ops = fieldOperations(ctx, name, entity, fieldName, field);
      for (const id of Object.keys(out) as FileRouteId[]) out[id].push(ops[id]);
    }
  }
  return out;
}
