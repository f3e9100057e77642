/**
 * The routes of files (DESIGN.md fixes the upload's shape): upload into a record's file
 * field, download one of its files, remove one. Each expands per entity and file field.
 */
import { WRITE } from './route-builders';
import type { RouteEntry } from './route-table';

/**
 * The file routes, by operation id (spread into `ROUTES`).
 * @example FILE_ROUTES.uploadFile.path // '/api/entities/{entity}/{id}/files/{field}'
 */
export const FILE_ROUTES = {
  uploadFile: {
    method: 'POST',
    path: '/api/entities/{entity}/{id}/files/{field}',
    summary: 'Upload a file into a file field (multipart/form-data, one part named `file`)',
    auth: 'rules',
    expand: 'file',
    success: [201],
    codes: [...WRITE, 'NOT_FOUND', 'VALIDATION_FAILED', 'LIMIT_EXCEEDED', 'RATE_LIMITED'],
    body: true,
    multipart: true,
    ifMatch: false,
    rateScope: 'write',
  },
  // `?token=` (the url's) or the caller's session; `?variant=` an image variant; `?download`
  // asks for an attachment whatever the type.
  downloadFile: {
    method: 'GET',
    path: '/api/entities/{entity}/{id}/files/{field}/{fileId}',
    summary: 'Download a file (its url, or as the signed-in caller)',
    auth: 'rules',
    expand: 'file',
    // 206 for a `Range`, 304 for an `If-None-Match` naming its ETag.
    success: [200, 206, 304],
    codes: ['NOT_FOUND', 'INVALID_TOKEN'],
    body: false,
    ifMatch: false,
  },
  deleteFile: {
    method: 'DELETE',
    path: '/api/entities/{entity}/{id}/files/{field}/{fileId}',
    summary: 'Remove a file from its field',
    auth: 'rules',
    expand: 'file',
    success: [204],
    codes: [...WRITE, 'NOT_FOUND', 'RATE_LIMITED'],
    body: true,
    ifMatch: false,
    rateScope: 'write',
  },
} as const satisfies Record<string, RouteEntry>;
