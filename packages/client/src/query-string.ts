/**
 * Typed options to the query strings of the list, aggregate and export endpoints
 * (`?field=value`, `?field[op]=value`, `count`, `search`, `expand`, `groupBy`, `sum`, …).
 */

function encodeValue(v: unknown): string {
  return v === null ? 'null' : String(v);
}

function appendWhere(params: URLSearchParams, where: object | undefined): void {
  for (const [field, filter] of Object.entries(where ?? {})) {
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
}

function appendNames(params: URLSearchParams, key: string, names: readonly string[] | undefined): void {
  if (names && names.length > 0) params.set(key, names.join(','));
}

/**
 * @example listQuery({ where: { priority: { in: ['high', 'urgent'] } }, sort: '-createdAt', count: true })
 * // 'priority%5Bin%5D=high%2Curgent&sort=-createdAt&count=true'
 */
export function listQuery(options: {
  readonly where?: object;
  readonly sort?: string;
  readonly limit?: number;
  readonly cursor?: string | null;
  readonly count?: boolean;
  readonly search?: string;
  readonly expand?: readonly string[];
}): string {
  const params = new URLSearchParams();
  appendWhere(params, options.where);
  if (options.sort) params.set('sort', options.sort);
  if (options.limit !== undefined) params.set('limit', String(options.limit));
  if (options.cursor) params.set('cursor', options.cursor);
  if (options.count) params.set('count', 'true');
  // Blank search is no search: a box cleared by its user lists everything again.
  if (options.search?.trim()) params.set('search', options.search);
  appendNames(params, 'expand', options.expand);
  return params.toString();
}

/**
 * @example aggregateQuery({ groupBy: ['status'], count: true, sum: ['satisfaction'], where: { team: id } })
 * // 'team=…&groupBy=status&count=true&sum=satisfaction'
 */
export function aggregateQuery(options: {
  readonly groupBy?: readonly string[];
  readonly count?: boolean;
  readonly sum?: readonly string[];
  readonly avg?: readonly string[];
  readonly min?: readonly string[];
  readonly max?: readonly string[];
  readonly where?: object;
}): string {
  const params = new URLSearchParams();
  appendWhere(params, options.where);
  appendNames(params, 'groupBy', options.groupBy);
  if (options.count) params.set('count', 'true');
  for (const op of ['sum', 'avg', 'min', 'max'] as const) appendNames(params, op, options[op]);
  return params.toString();
}

/**
 * @example exportQuery({ format: 'csv', where: { status: 'open' } }) // 'status=open&format=csv'
 */
export function exportQuery(options: {
  readonly format?: 'csv' | 'json';
  readonly where?: object;
  readonly sort?: string;
  readonly search?: string;
}): string {
  const params = new URLSearchParams();
  appendWhere(params, options.where);
  if (options.sort) params.set('sort', options.sort);
  if (options.search?.trim()) params.set('search', options.search);
  params.set('format', options.format ?? 'csv');
  return params.toString();
}
