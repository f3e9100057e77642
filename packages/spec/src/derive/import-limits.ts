/**
 * The bounds of one import (`POST /api/entities/{entity}/import`): its body may be larger
 * than any other request's (a spreadsheet, not a record), but not without end, and its rows
 * are counted so one request cannot hold a transaction open for ever.
 */

/**
 * The largest import body, in bytes (8 MiB); a larger one answers 413 PAYLOAD_TOO_LARGE.
 * @example if (file.size > IMPORT_MAX_BYTES) warn('too large to import');
 */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The most rows one import takes; more answers 400 MALFORMED_REQUEST before any is written.
 * @example rows.length <= IMPORT_MAX_ROWS
 */
export const IMPORT_MAX_ROWS = 5000;
