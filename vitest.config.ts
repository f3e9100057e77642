import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/*/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // Type tests (*.test-d.ts) are compiled by `npm run typecheck` (tsc over the whole repo):
    // a wrong expectation or an unused @ts-expect-error fails it. Running them again here
    // would only double the time.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
