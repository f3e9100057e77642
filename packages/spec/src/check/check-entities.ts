/**
 * Entities: each one's own shape (title, field names, fields nobody can set, indexes), then
 * its fields, access, states, transitions and validation rules.
 */
import type { EntityNode } from '../app/entity';
import { SYSTEM_FIELDS } from '../fields/field';
import { fieldNames } from './app-lookup';
import { checkAccess } from './check-access';
import type { CheckContext } from './check-context';
import { checkFields } from './check-fields';
import { checkSearch } from './check-search';
import { checkStates } from './check-states';
import { checkTitle } from './check-title';
import { checkTransitions } from './check-transitions';
import { checkUniques } from './check-unique';
import { checkValidations } from './check-validate';
import { which } from './describe-names';
import { recordScope } from './walk-rule';

/**
 * Checks every entity of the app.
 * @example checkEntities(ctx) // reports "'id' is a system field …" for a declared `id`
 */
export function checkEntities(ctx: CheckContext): void {
  for (const [name, entity] of Object.entries(ctx.app.entities)) {
    const path = `entities.${name}`;
    checkShape(ctx, name, entity, path);
    checkFields(ctx, entity.fields, `${path}.fields`, {
      allowNested: false,
      scope: recordScope(name),
      files: true,
    });
    checkAccess(ctx, name, entity);
    checkStates(ctx, name, entity);
    checkTransitions(ctx, name, entity);
    checkValidations(ctx, name, entity);
    checkSearch(ctx, name, entity);
    checkUniques(ctx, name, entity);
  }
}

function checkShape(ctx: CheckContext, name: string, entity: EntityNode, path: string): void {
  const names = fieldNames(entity);
  checkTitle(ctx, name, entity);
  for (const system of SYSTEM_FIELDS) {
    if (Object.hasOwn(entity.fields, system)) {
      ctx.report(
        `${path}.fields.${system}`,
        `'${system}' is a system field every record already has; it cannot be declared`,
      );
    }
  }
  for (const field of unsettable(entity)) {
    ctx.report(
      `${path}.fields.${field}`,
      `'${field}' is required and read-only, but has no default, is not computed and no transition sets it, so no record can ever be created`,
    );
  }
  for (const [i, columns] of entity.indexes.entries()) {
    if (columns.length === 0) ctx.report(`${path}.indexes[${i}]`, 'the index has no columns');
    for (const [j, column] of columns.entries()) {
      if (!names.includes(column)) {
        ctx.report(
          `${path}.indexes[${i}][${j}]`,
          `the index names ${which(column, `a field of ${name}`, names, 'fields')}`,
        );
      }
    }
  }
}

// Required, read-only, with nothing that gives it a value: every create would fail.
function unsettable(entity: EntityNode): string[] {
  const setByTransition = new Set(
    Object.values(entity.states?.transitions ?? {}).flatMap((t) => Object.keys(t.set)),
  );
  return Object.entries(entity.fields)
    .filter(
      ([name, f]) =>
        f.readOnly && !f.optional && f.default === undefined && !f.computed && !setByTransition.has(name),
    )
    .map(([name]) => name);
}
