/**
 * A failing field in words an admin can act on: when the server names one of the entity's
 * cross-field rules ("teamOnlyForAgents does not hold."), the rule itself is spelled out
 * from the meta; any other problem keeps the server's message.
 */
import type { EntityMeta } from '@ninefold/spec';

/**
 * @example
 * ruleProblemText(meta.entities.users, { path: 'team', code: 'rule', message: 'teamOnlyForAgents does not hold.' })
 * // 'It breaks the rule teamOnlyForAgents: when team is set, role is agent.'
 */
export function ruleProblemText(
  entity: EntityMeta | undefined,
  problem: { readonly path: string; readonly code: string; readonly message: string },
): string {
  const rule = entity?.validate.find((v) => problem.message.startsWith(`${v.name} `));
  if (!rule) return problem.message;
  return `It breaks the rule ${rule.name}: ${rule.when ? `when ${rule.when.text}, ` : ''}${rule.check.text}.`;
}
