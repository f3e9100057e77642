import app from '@ninefold/example-helpdesk';
import { clientMeta } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { ruleProblemText } from './rule-problem-text';

const users = clientMeta(app).entities.users;

describe('ruleProblemText', () => {
  it("spells out the entity's rule the server names", () => {
    const problem = { path: 'team', code: 'rule', message: 'teamOnlyForAgents does not hold.' };
    expect(ruleProblemText(users, problem)).toBe(
      'It breaks the rule teamOnlyForAgents: when team is set, role is agent.',
    );
  });

  it("keeps the server's words for anything else", () => {
    const problem = { path: 'name', code: 'too_long', message: 'Name must be at most 80 characters.' };
    expect(ruleProblemText(users, problem)).toBe('Name must be at most 80 characters.');
  });
});
