/**
 * File fields and storage quotas: a file field only among an entity's own fields, with
 * limits the server can enforce (bytes, pixels, count, types it can decide from content,
 * image variants sharp can make), never an index, a default or a create's field; storage
 * quotas over declared roles and entities that hold files, with a number of bytes and an
 * error that takes `{max}`.
 */
import type { EntityNode } from '../app/entity';
import type { StorageQuotaInput } from '../app/limits';
import { type FileField, type FilesField, isFileField } from '../fields/field';
import { isExpr } from '../rules/expr';
import type { CheckContext } from './check-context';
import { checkErrorRef } from './check-errors';
import { checkRoleRef } from './check-roles';
import { checkExpr } from './check-rule';
import { which } from './describe-names';

/** The largest `maxBytes` a file field may declare: 5 GiB (S3's largest single object). */
export const MAX_FILE_BYTES = 5 * 1024 ** 3;
/** The largest `maxPixels`: a gigapixel, past which decoding one image needs gigabytes. */
export const MAX_IMAGE_PIXELS = 1_000_000_000;
/** The most files a many-files field may hold. */
export const MAX_FILES_PER_FIELD = 1000;
/** The largest side of an image variant, in pixels. */
export const MAX_VARIANT_SIDE = 4096;

const FITS = ['cover', 'contain', 'inside'];
const FORMATS = ['webp', 'jpeg', 'png'];
// RFC 6838's restricted names: `type/subtype`, or a whole family `type/*`, or `*/*`.
const NAME = '[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}';
const MEDIA_RANGE = new RegExp(`^(?:\\*/\\*|${NAME}/(?:\\*|${NAME}))$`);
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

// What a file field cannot take, and why, as the end of a sentence.
const REFUSED_OPTIONS = {
  default: 'it is empty until a file is uploaded',
  unique: 'files are never compared by value',
  index: 'files are never looked up by value',
  computed: 'only uploads fill it',
  immutable: 'uploads and removals change it',
  readOnly: 'who may upload is said by the update grants that name it',
} as const;

/**
 * Checks one file field's own options; `files` says whether the place may hold file fields
 * at all (an entity's own fields; never a transition's or action's input, an action's output,
 * a list, an object or a map).
 * @example checkFileField(ctx, 'attachments', f.files({ max: 0 }), 'entities.tickets.fields.attachments', true)
 */
export function checkFileField(
  ctx: CheckContext,
  name: string,
  field: FileField | FilesField,
  path: string,
  files: boolean,
): void {
  if (!files) {
    ctx.report(
      path,
      `'${name}' is a ${field.type} field, which only an entity's own fields may have: upload files into a record's file field instead`,
    );
    return;
  }
  for (const [option, why] of Object.entries(REFUSED_OPTIONS)) {
    const value = (field as unknown as Record<string, unknown>)[option];
    if (value !== undefined && value !== false) {
      ctx.report(`${path}.${option}`, `'${name}' is a ${field.type} field, which takes no ${option}: ${why}`);
    }
  }
  // An empty many-files field holds no files, never null: `optional` would type it `| null`.
  if (field.type === 'files' && field.optional === true) {
    ctx.report(
      `${path}.optional`,
      `'${name}' is a files field, which is never null: it holds no files until one is uploaded`,
    );
  }
  checkWhole(ctx, name, field.maxBytes, `${path}.maxBytes`, 'maxBytes', MAX_FILE_BYTES, 'bytes (5 GiB)');
  checkWhole(ctx, name, field.maxPixels, `${path}.maxPixels`, 'maxPixels', MAX_IMAGE_PIXELS, 'pixels');
  if (field.type === 'files') {
    checkWhole(ctx, name, field.max, `${path}.max`, 'max', MAX_FILES_PER_FIELD, 'files');
  }
  if (field.accept !== undefined) checkAccept(ctx, name, field.accept, `${path}.accept`);
  if (field.variants !== undefined) checkVariants(ctx, name, field, `${path}.variants`);
}

function checkWhole(
  ctx: CheckContext,
  name: string,
  value: unknown,
  path: string,
  option: string,
  most: number,
  unit: string,
): void {
  if (value === undefined) return;
  if (!(typeof value === 'number' && Number.isSafeInteger(value) && value >= 1)) {
    ctx.report(
      path,
      `the ${option} of '${name}' is ${String(value)}, which is not a whole number of at least 1`,
    );
  } else if (value > most) {
    ctx.report(
      path,
      `the ${option} of '${name}' is ${value}, above the most a file field takes, ${most} ${unit}`,
    );
  }
}

function checkAccept(ctx: CheckContext, name: string, accept: readonly unknown[], path: string): void {
  if (!Array.isArray(accept)) {
    ctx.report(path, `the accept of '${name}' is not a list of media types such as 'image/*'`);
    return;
  }
  if (accept.length === 0) {
    ctx.report(path, `'${name}' accepts no type, so no upload can pass; leave accept out to take any`);
  }
  for (const [i, type] of accept.entries()) {
    if (typeof type !== 'string' || !MEDIA_RANGE.test(type)) {
      ctx.report(
        `${path}[${i}]`,
        `'${name}' accepts ${JSON.stringify(type)}, which is not a media type such as 'application/pdf', 'image/*' or '*/*'`,
      );
    } else if (accept.indexOf(type) !== i) {
      ctx.report(`${path}[${i}]`, `'${name}' accepts '${type}' twice`);
    }
  }
}

function checkVariants(ctx: CheckContext, name: string, field: FileField | FilesField, path: string): void {
  const variants = field.variants as Record<string, unknown>;
  if (typeof variants !== 'object' || variants === null || Array.isArray(variants)) {
    ctx.report(
      path,
      `the variants of '${name}' are not named sizes such as { thumb: { width: 160, height: 160 } }`,
    );
    return;
  }
  const entries = Object.entries(variants);
  const images =
    field.accept === undefined || field.accept.some((t) => t === '*/*' || t.startsWith('image/'));
  if (entries.length > 0 && !images) {
    ctx.report(path, `'${name}' has image variants, but accepts no image type, so none can be made`);
  }
  for (const [variant, v] of entries) {
    const at = `${path}.${variant}`;
    if (!IDENTIFIER.test(variant)) {
      ctx.report(
        at,
        `the variant name '${variant}' of '${name}' is not letters, digits and _ (it goes in ?variant=)`,
      );
    }
    if (typeof v !== 'object' || v === null) {
      ctx.report(at, `variant '${variant}' of '${name}' is not a size such as { width: 160, height: 160 }`);
      continue;
    }
    const { width, height, fit, format } = v as Record<string, unknown>;
    for (const [side, value] of [
      ['width', width],
      ['height', height],
    ] as const) {
      if (
        !(typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_VARIANT_SIDE)
      ) {
        ctx.report(
          `${at}.${side}`,
          `the ${side} of variant '${variant}' of '${name}' is ${String(value)}, not a whole number of pixels from 1 to ${MAX_VARIANT_SIDE}`,
        );
      }
    }
    if (fit !== undefined && !FITS.includes(fit as string)) {
      ctx.report(
        `${at}.fit`,
        `variant '${variant}' of '${name}' fits ${JSON.stringify(fit)}; use ${FITS.join(', ')}`,
      );
    }
    if (format !== undefined && !FORMATS.includes(format as string)) {
      ctx.report(
        `${at}.format`,
        `variant '${variant}' of '${name}' is encoded as ${JSON.stringify(format)}; use ${FORMATS.join(', ')}`,
      );
    }
  }
}

/**
 * Checks what an entity says about its file fields elsewhere (indexes, create grants) and
 * the storage quotas.
 * @example checkFiles(ctx) // reports "limits.storage.customerFiles.entity: … 'teams', which has no file field"
 */
export function checkFiles(ctx: CheckContext): void {
  for (const [name, entity] of Object.entries(ctx.app.entities)) checkEntityFiles(ctx, name, entity);
  for (const [name, quota] of Object.entries(ctx.app.limits.storage ?? {})) {
    checkStorageQuota(ctx, name, quota, `limits.storage.${name}`);
  }
}

function fileFieldNames(entity: EntityNode): string[] {
  return Object.entries(entity.fields)
    .filter(([, f]) => isFileField(f))
    .map(([n]) => n);
}

function checkEntityFiles(ctx: CheckContext, name: string, entity: EntityNode): void {
  const files = new Set(fileFieldNames(entity));
  if (files.size === 0) return;
  const path = `entities.${name}`;
  for (const [i, columns] of entity.indexes.entries()) {
    for (const [j, column] of columns.entries()) {
      if (files.has(column)) {
        ctx.report(
          `${path}.indexes[${i}][${j}]`,
          `the index names '${column}', a file field; files are never looked up by value`,
        );
      }
    }
  }
  for (const [role, grants] of Object.entries(entity.access.create)) {
    for (const [i, g] of grants.entries()) {
      for (const [j, field] of (g.fields ?? []).entries()) {
        if (files.has(field)) {
          ctx.report(
            `${path}.access.create.${role}[${i}].fields[${j}]`,
            `the create grant names '${field}', a file field: files go up once the record exists, under an update grant that names it`,
          );
        }
      }
    }
  }
}

function checkStorageQuota(ctx: CheckContext, name: string, quota: StorageQuotaInput, path: string): void {
  const { entities } = ctx.app;
  const holders = Object.entries(entities)
    .filter(([, e]) => fileFieldNames(e).length > 0)
    .map(([n]) => n);
  if (quota.entity !== undefined) {
    if (!Object.hasOwn(entities, quota.entity)) {
      ctx.report(
        `${path}.entity`,
        `storage quota '${name}' counts the files of ${which(quota.entity, 'an entity of the app', Object.keys(entities), 'entities')}`,
      );
    } else if (!holders.includes(quota.entity)) {
      ctx.report(
        `${path}.entity`,
        `storage quota '${name}' counts the files of '${quota.entity}', which has no file field`,
      );
    }
  } else if (holders.length === 0) {
    ctx.report(path, `storage quota '${name}' counts files, but no entity has a file field`);
  }
  for (const [i, role] of (quota.roles ?? []).entries()) checkRoleRef(ctx, role, `${path}.roles[${i}]`);
  if (quota.per !== undefined && quota.per !== 'owner' && quota.per !== 'role') {
    ctx.report(
      `${path}.per`,
      `storage quota '${name}' counts per ${JSON.stringify(quota.per)}; use 'owner' (each uploader's files) or 'role' (every file of its roles)`,
    );
  }
  checkBytes(ctx, name, quota.bytes, `${path}.bytes`);
  // The server gives {max} (the bytes allowed) and {limit} (the quota's name), as count quotas do.
  const at = `${path}.error`;
  const code = quota.error ?? 'LIMIT_EXCEEDED';
  checkErrorRef(ctx, code, at, {
    max: { path: at, type: { kind: 'number', what: "the quota's bytes, which the server fills in," } },
    limit: { path: at, type: { kind: 'string', what: "the quota's name, which the server fills in," } },
  });
  const error = ctx.app.errors[code];
  if (error && !error.params.includes('max')) {
    ctx.report(at, `the error '${code}' takes no {max}, so it cannot say how many bytes the quota allows`);
  }
}

function checkBytes(ctx: CheckContext, name: string, bytes: StorageQuotaInput['bytes'], path: string): void {
  if (!isExpr(bytes)) {
    if (!isBytes(bytes)) {
      ctx.report(
        path,
        `storage quota '${name}' allows ${String(bytes)} bytes, which is not a whole number of at least 1`,
      );
    }
    return;
  }
  checkExpr(ctx, bytes, { kind: 'none', what: `storage quota '${name}'` }, path);
  if (bytes.kind !== 'const') {
    ctx.report(
      path,
      `storage quota '${name}' takes its bytes from a ${bytes.kind} expression; give a number or a constant`,
    );
    return;
  }
  const value = ctx.app.constants[bytes.name]?.value;
  if (value !== undefined && !isBytes(value)) {
    ctx.report(
      path,
      `storage quota '${name}' takes its bytes from constant '${bytes.name}', which is not a whole number of at least 1`,
    );
  }
}

// Whole bytes: usage is counted in bytes, and `GET /api/quotas` answers integers.
function isBytes(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}
