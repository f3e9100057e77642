/**
 * Typed filters to the list endpoint's query string (`?field=value`, `?field[op]=value`).
 */

function encodeValue(v: unknown): string {
  return v === null ? 'null' : String(v);
}

/**
 * @example listQuery({ where: { priority: { in: ['high', 'urgent'] } }, sort: '-createdAt' })
 * // 'priority%5Bin%5D=high%2Curgent&sort=-createdAt'
 */
export function listQuery(options: {
  readonly where?: object;
  readonly sort?: string;
  readonly limit?: number;
  readonly cursor?: string | null;
}): string {
  const params = new URLSearchParams();
  for (const [field, filter] of Object.entries(options.where ?? {})) {
    if (filter === undefined) continue;
    if (filter === null || typeof filter !== 'object') {
      params.append(field, encodeValue(filter));
      continue;
    }
    for (const [op, value] of Object.entries(filter as Record<string, unknown>)) {
      if (value === undefined) continue;
      const text = Array.isArray(value) ? value.map(encodeValue).join(',') : encodeValue(value);
      params.append(op === 'eq' ? field : `${field}[${op}]`, text);
    }
  }
  if (options.sort) params.set('sort', options.sort);
  if (options.limit !== undefined) params.set('limit', String(options.limit));
  if (options.cursor) params.set('cursor', options.cursor);
  return params.toString();
}
