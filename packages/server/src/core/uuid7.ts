/**
 * Time-ordered ids (UUIDv7, RFC 9562): 48 bits of milliseconds, then randomness, so new
 * records sort after old ones and keyset pages follow creation order. Within one
 * millisecond a counter keeps ids from this process increasing.
 */
import { randomBytes } from 'node:crypto';

let lastMs = 0;
let counter = 0;

/**
 * @example const id = uuid7(); // '0193a1b2-…'
 */
export function uuid7(now = Date.now()): string {
  if (now <= lastMs) {
    counter = (counter + 1) & 0xfff;
    if (counter === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    counter = randomBytes(2).readUInt16BE(0) & 0x7ff;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for a well-formed UUID (any version). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
