/**
 * A copy of a defined app with one access grant replaced: the helpdesk with a rule broken
 * on purpose, to show the permission property notices. The app stays as `defineApp` makes
 * it; only the named entity's grants for one operation and role differ.
 */
import { type App, defineApp, type EntityOperation, type GrantNode } from '@ninefold/spec';

/**
 * @example const leaky = withGrants(helpdesk, 'tickets', 'read', 'customer', [{ where: allow() }]);
 */
export function withGrants(
  app: App,
  entity: string,
  op: EntityOperation,
  role: string,
  grants: readonly GrantNode[],
): App {
  const node = app.entities[entity];
  if (!node) throw new Error(`no entity ${entity}`);
  const loosened = { ...node, access: { ...node.access, [op]: { ...node.access[op], [role]: grants } } };
  const spec = {
    about: app.about,
    roles: app.roles,
    constants: app.constants,
    // Built-in codes come back by themselves; only the app's own are declared.
    errors: Object.fromEntries(
      Object.values(app.errors)
        .filter((e) => !e.builtin)
        .map((e) => [e.code, { status: e.status, message: e.message }]),
    ),
    entities: { ...app.entities, [entity]: loosened },
    actions: app.actions,
    limits: app.limits,
    screens: app.screens,
  };
  return defineApp(spec as Parameters<typeof defineApp>[0]) as unknown as App;
}
