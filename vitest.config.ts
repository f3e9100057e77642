import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Tests run the packages from their sources (the `@ninefold/source` export condition); the
// processes they start (the `ninefold` binary, an app's UI build) run the built dist/, as an
// app's would, which is why `npm test` builds first.
const SOURCE = '@ninefold/source';

export default defineConfig({
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  // Less `module`, as Vitest's own default: externalized packages are loaded by Node itself.
  ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions.filter((c) => c !== 'module')] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/*/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // Type tests (*.test-d.ts) are compiled by `npm run typecheck` (tsc over the whole repo):
    // a wrong expectation or an unused @ts-expect-error fails it. Running them again here
    // would only double the time.
    globalSetup: ['scripts/vitest-global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
