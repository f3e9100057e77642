/**
 * A quota's "which records count" rule as a list's `where` (the client's filters), when the
 * list API can say it (states, field comparisons with values, and/or of those), so an admin's
 * console can count usage with plain list queries. Anything else answers undefined: not
 * countable that way.
 */
import { type ExprNode, type RuleNode, type RuleVisitor, visitRule } from '@ninefold/spec';

type Literal = string | number | boolean;

/** A list's filters as `client.list` takes them, e.g. `{ status: { in: ['new', 'open'] } }`. */
export type ListFilter = Readonly<
  Record<string, Literal | { readonly [op: string]: Literal | readonly Literal[] }>
>;

function fieldName(e: ExprNode): string | undefined {
  const n = e as { kind: string; name?: string };
  return n.kind === 'field' && typeof n.name === 'string' ? n.name : undefined;
}

function literal(e: ExprNode): Literal | undefined {
  const n = e as { kind: string; value?: unknown };
  const v = n.kind === 'literal' ? n.value : undefined;
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
}

/** Field → allowed values, or a single operator condition. */
type Terms = Map<string, { op: string; values: Literal[] }>;

function terms(rule: RuleNode, stateField: string | undefined): Terms | undefined {
  return visitRule(rule, TERMS, stateField);
}

const none = () => undefined;

// Each kind says whether a list filter can say it; the list filter means what the rule means
// (one semantics: `ne` and `in` exclude empty fields in both), so the count is the quota's.
const TERMS: RuleVisitor<Terms | undefined, string | undefined> = {
  allow: () => new Map(),
  deny: none,
  signedIn: none,
  not: none,
  isNull: none,
  changed: none,
  related: none,
  can: none,
  inState: (n, stateField) =>
    stateField ? new Map([[stateField, { op: 'in', values: [...n.states] }]]) : undefined,
  in: (n) => {
    const field = fieldName(n.left);
    const values = n.values.filter((v): v is Literal => v !== null && typeof v !== 'object');
    return field && values.length === n.values.length ? new Map([[field, { op: 'in', values }]]) : undefined;
  },
  compare: (n) => {
    const field = fieldName(n.left);
    const value = literal(n.right);
    return field && value !== undefined ? new Map([[field, { op: n.op, values: [value] }]]) : undefined;
  },
  and: (n, stateField) => {
    const out: Terms = new Map();
    for (const r of n.rules) {
      const t = terms(r, stateField);
      if (!t) return undefined;
      for (const [k, v] of t) {
        if (out.has(k)) return undefined;
        out.set(k, v);
      }
    }
    return out;
  },
  or: (n, stateField) => {
    // Only "one field in any of these values" is a list filter; a wider or is not.
    const parts = n.rules.map((r) => terms(r, stateField));
    if (parts.some((p) => p?.size !== 1)) return undefined;
    const fields = new Set(parts.flatMap((p) => [...p!.keys()]));
    const all = parts.flatMap((p) => [...p!.values()]);
    if (fields.size !== 1 || all.some((t) => t.op !== 'in' && t.op !== 'eq')) return undefined;
    return new Map([[[...fields][0]!, { op: 'in', values: [...new Set(all.flatMap((t) => t.values))] }]]);
  },
};

/**
 * @example quotaFilter(or(inState('new'), inState('open')), 'status') // { status: { in: ['new', 'open'] } }
 * @example quotaFilter(eq('published', true), undefined) // { published: true }
 * @example quotaFilter(callerIs('requester'), 'status') // undefined
 */
export function quotaFilter(
  rule: RuleNode | undefined,
  stateField: string | undefined,
): ListFilter | undefined {
  if (!rule) return {};
  const t = terms(rule, stateField);
  if (!t) return undefined;
  const out: Record<string, ListFilter[string]> = {};
  for (const [field, { op, values }] of t) {
    const [first] = values;
    if (first !== undefined && values.length === 1 && (op === 'in' || op === 'eq')) out[field] = first;
    else if (op === 'in') out[field] = { in: values };
    else if (first !== undefined) out[field] = { [op]: first };
  }
  return out;
}
