/**
 * An entity's title: a field, a path through one reference, or a template of them, each
 * naming something that exists, so every list, link and heading can name a record.
 */
import type { EntityNode } from '../app/entity';
import { type TitlePath, titleParts } from '../derive/record-title';
import { isFileField } from '../fields/field';
import { fieldNames, fieldOf } from './app-lookup';
import type { CheckContext } from './check-context';
import { article, which } from './describe-names';

/**
 * Checks the title of entity `name`, when it declares one.
 * @example checkTitle(ctx, 'loans', app.entities.loans!) // "the title names 'bok', which is not a field of loans …"
 */
export function checkTitle(ctx: CheckContext, name: string, entity: EntityNode): void {
  const title = entity.title;
  if (title === undefined) return;
  const path = `entities.${name}.title`;
  const parts = titleParts(title);
  if (!parts) {
    ctx.report(
      path,
      `the title '${title}' has an unbalanced brace: write each placeholder as {field} or {ref.field}`,
    );
    return;
  }
  const paths = parts.filter((p): p is TitlePath => typeof p !== 'string');
  const template = /[{}]/.test(title);
  if (paths.length === 0 || (!template && /\s/.test(title))) {
    ctx.report(
      path,
      `the title '${title}' names no field: use a field, ref.field, or a template with {placeholders}`,
    );
    return;
  }
  for (const p of paths) checkPath(ctx, name, entity, p, path);
}

function checkPath(ctx: CheckContext, name: string, entity: EntityNode, p: TitlePath, path: string): void {
  const shown = p.sub === undefined ? p.field : `${p.field}.${p.sub}`;
  if (p.field === '') {
    ctx.report(path, `the title has an empty placeholder {${shown}}`);
    return;
  }
  const names = fieldNames(entity);
  const field = fieldOf(entity, p.field);
  if (!field) {
    ctx.report(path, `the title names ${which(p.field, `a field of ${name}`, names, 'fields')}`);
    return;
  }
  if (isFileField(field)) {
    ctx.report(
      path,
      `the title names '${p.field}', ${article(field.type)} field; a title is text a list can show`,
    );
    return;
  }
  if (p.sub === undefined) return;
  if (field.type !== 'ref') {
    ctx.report(
      path,
      `the title reads '${shown}', but '${p.field}' is ${article(field.type)} field, not a reference`,
    );
    return;
  }
  const target = Object.hasOwn(ctx.app.entities, field.entity) ? ctx.app.entities[field.entity] : undefined;
  // An unknown target is reported on the field itself.
  if (!target) return;
  if (p.sub.includes('.')) {
    ctx.report(
      path,
      `the title reads '${shown}', deeper than one reference: name a field of ${field.entity}`,
    );
    return;
  }
  if (!fieldOf(target, p.sub)) {
    ctx.report(
      path,
      `the title reads '${shown}': ${which(p.sub, `a field of ${field.entity}`, fieldNames(target), 'fields')}`,
    );
  }
}
