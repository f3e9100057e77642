/**
 * `validatorFor()`: an entity's create, update and transition checks in one object. It reads
 * only data, so it works on a defined entity and on its JSON form from `/api/meta` alike.
 */
import type { Fields } from '../fields/field';
import type { ValidationResult } from './field-issue';
import { validateFields } from './validate-fields';

/** What a validator needs of an entity: an `EntityNode`, or its JSON form. */
export interface ValidatedEntity {
  readonly fields: Fields;
  readonly states?: { readonly transitions: { readonly [name: string]: { readonly input: Fields } } };
}

export interface EntityValidator {
  /** A new record; `writable` is what the caller's role may write. */
  create(data: unknown, writable?: readonly string[]): ValidationResult;
  /** A partial update of a record. */
  update(patch: unknown, writable?: readonly string[]): ValidationResult;
  /** A transition's input; an unknown transition name is an issue, not an exception. */
  transition(name: string, input?: unknown): ValidationResult;
}

/**
 * The validator of one entity.
 * @example
 * const tickets = validatorFor(app.entities.tickets);
 * tickets.create({ subject: 'Printer on fire', description: 'Help' }); // { ok: true, value: {…} }
 * tickets.transition('resolve', {}); // { ok: false, issues: [{ path: 'resolution', code: 'required', … }] }
 */
export function validatorFor(entity: ValidatedEntity, options: { labels?: boolean } = {}): EntityValidator {
  const labels = options.labels ?? true;
  const write = (mode: 'create' | 'update', data: unknown, writable: readonly string[] | undefined) =>
    validateFields(entity.fields, data, writable ? { mode, labels, writable } : { mode, labels });
  return {
    create: (data, writable) => write('create', data, writable),
    update: (patch, writable) => write('update', patch, writable),
    transition(name, input = {}) {
      const transitions = entity.states?.transitions ?? {};
      const transition = Object.hasOwn(transitions, name) ? transitions[name] : undefined;
      if (!transition) {
        return {
          ok: false,
          issues: [{ path: '', code: 'unknown_field', message: `Unknown transition '${name}'.` }],
        };
      }
      return validateFields(transition.input, input, { mode: 'input', labels });
    },
  };
}
