/**
 * Redocly's `recommended` ruleset on the served document: no errors; warnings are listed in
 * the test's output, so they are seen.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk } from '../helpdesk-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHelpdesk('sqlite');
});
afterAll(async () => h?.close());

describe('Redocly lint (recommended)', () => {
  it('finds no errors in /api/openapi.json', { timeout: 60_000 }, async () => {
    const source = (await h.request({ method: 'GET', url: '/api/openapi.json' })).body;
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const line = (p: (typeof problems)[number]) =>
      `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`;
    const warnings = problems.filter((p) => p.severity === 'warn');
    if (warnings.length > 0)
      console.info(`Redocly: ${warnings.length} warnings\n${warnings.map(line).join('\n')}`);
    expect(problems.filter((p) => p.severity === 'error').map(line)).toEqual([]);
  });

  it('is live: a duplicated operationId is an error', async () => {
    const doc = (await h.request({ method: 'GET', url: '/api/openapi.json' })).json();
    doc.paths['/api/auth/me'].get.operationId = 'getHealth';
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    expect(
      problems.some((p) => p.severity === 'error' && p.ruleId.includes('operation-operationId-unique')),
    ).toBe(true);
  });
});
