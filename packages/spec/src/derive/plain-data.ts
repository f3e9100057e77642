/**
 * A deep copy that is exactly what JSON carries: what goes over the wire is what the
 * server meant to send, and a function or a date slipping in fails loudly instead of
 * vanishing or changing shape on the way.
 */

/**
 * Copies plain data, dropping properties whose value is undefined (as JSON does), and
 * throws on anything JSON would lose or change: functions, symbols, bigints, non-finite
 * numbers, undefined in arrays, and objects other than plain ones and arrays.
 * @example plainData({ a: 1, b: undefined, c: [true] }) // { a: 1, c: [true] }
 */
export function plainData<T>(value: T, path = '$'): T {
  return copy(value, path) as T;
}

function copy(value: unknown, path: string): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${path}: ${value} is not JSON`);
    return value;
  }
  if (Array.isArray(value)) {
    return value.map((item, i) => {
      if (item === undefined) throw new TypeError(`${path}[${i}]: undefined is not JSON`);
      return copy(item, `${path}[${i}]`);
    });
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      throw new TypeError(`${path}: a ${value.constructor?.name ?? 'non-plain'} object is not JSON`);
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = copy(v, `${path}.${k}`);
    return out;
  }
  throw new TypeError(`${path}: a ${typeof value} is not JSON`);
}
