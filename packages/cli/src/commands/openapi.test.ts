import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, describe, expect, it } from 'vitest';
import { HELPDESK, ninefold, removeScratch, scratchDir } from '../../test/run-cli';

afterAll(removeScratch);

type Doc = { openapi: string; paths: Record<string, unknown> };

describe('ninefold openapi', { timeout: 60_000 }, () => {
  it('prints a valid OpenAPI 3.1 document', async () => {
    const { code, out } = ninefold(['openapi', 'examples/helpdesk']);
    const doc = JSON.parse(out) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect((await new Validator().validate(doc)).valid).toBe(true);
    expect(Object.keys(doc.paths)).toContain('/api/entities/tickets/{id}/transitions/resolve');
    expect(Object.keys(doc.paths)).toContain('/api/actions/ticketStats');
    expect(code).toBe(0);
  });

  it('writes it with --out, relative to the working directory, and says where', () => {
    const file = join(scratchDir('openapi'), 'openapi.json');
    const { code, out } = ninefold(['openapi', '--out', relative(HELPDESK, file)], {}, HELPDESK);
    expect(out).toBe(`✓ wrote the OpenAPI document of Helpdesk to ${file}\n`);
    expect((JSON.parse(readFileSync(file, 'utf8')) as Doc).openapi).toBe('3.1.0');
    expect(code).toBe(0);
  });
});
