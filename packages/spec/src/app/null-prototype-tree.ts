/**
 * A spec's maps are looked up by names that arrive from outside (a URL's entity, an action,
 * a transition, an error code an app throws). On a plain object `map['constructor']` finds
 * `Object.prototype.constructor`, and code that expects an entity node throws a TypeError
 * (a 500). A map without a prototype has nothing to find but its own keys, so no lookup in
 * the spec, present or future, can land on the prototype.
 */

/**
 * A copy of `value` in which every plain object (maps and nodes alike) has a null
 * prototype. Arrays are copied; functions, dates and other class instances are kept as they
 * are; an object shared by two places stays shared in the copy.
 * @example
 * const entities = nullPrototypeTree({ tickets: { kind: 'entity' } });
 * entities.constructor // undefined
 * Object.keys(entities) // ['tickets']
 */
export function nullPrototypeTree<T>(value: T): T {
  return copy(value, new Map()) as T;
}

function copy(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (const item of value) out.push(copy(item, seen));
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = Object.create(null);
  seen.set(value, out);
  // Own enumerable string keys, as Object.entries sees them: symbols only carry types here.
  for (const [k, v] of Object.entries(value)) out[k] = copy(v, seen);
  return out;
}
