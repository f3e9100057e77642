/**
 * axe-core in the page under test: every serious or critical violation fails the test,
 * with the rule, its help text and the offending elements in the message.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly failureSummary?: string }[];
}

export interface A11yOptions {
  /** CSS selectors left out of the check (e.g. a third-party widget). */
  readonly exclude?: readonly string[];
  /** Rule ids switched off, each with a reason in the calling test. */
  readonly disableRules?: readonly string[];
  /** Also fail on these impacts (default: serious and critical). */
  readonly impacts?: readonly string[];
}

/**
 * Runs axe-core on the page as it is now; throws when anything serious or critical is found.
 * @example await page.getByRole('heading', { name: 'Tickets' }).waitFor(); await checkA11y(page);
 */
export async function checkA11y(page: Page, options: A11yOptions = {}): Promise<void> {
  // A table that is refetching is dimmed on purpose; the check is of the page at rest, so a
  // click's status text settling before its rows do must not make axe see the dimmed frame.
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, null, {
    timeout: 10_000,
  });
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(
    async ({ exclude, disableRules }) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe;
      const context =
        exclude.length > 0 ? { include: [['html']], exclude: exclude.map((s) => [s]) } : document;
      const rules = Object.fromEntries(disableRules.map((id) => [id, { enabled: false }]));
      const result = (await axe.run(context, { rules, resultTypes: ['violations'] })) as {
        violations: AxeViolation[];
      };
      return result.violations;
    },
    { exclude: [...(options.exclude ?? [])], disableRules: [...(options.disableRules ?? [])] },
  );
  const impacts = options.impacts ?? ['serious', 'critical'];
  const bad = violations.filter((v) => impacts.includes(v.impact ?? ''));
  if (bad.length === 0) return;
  const lines = bad.map(
    (v) =>
      `- [${v.impact}] ${v.id}: ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join('\n'),
  );
  throw new Error(
    `axe found ${bad.length} serious/critical violation(s) on ${page.url()}:\n${lines.join('\n')}`,
  );
}
