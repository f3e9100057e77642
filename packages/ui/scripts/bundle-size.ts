/**
 * Builds the UI and prints the gzipped initial JavaScript of /login (the entry chunk and its
 * static imports); exits 1 above the budget (150 kB) or when a lazy-only package (dagre, the
 * data table) has slipped into it.
 *
 *   npx tsx packages/ui/scripts/bundle-size.ts            # build examples/helpdesk/.ninefold/dist, then measure
 *   npx tsx packages/ui/scripts/bundle-size.ts --no-build # measure the dist that is there
 *   npx tsx packages/ui/scripts/bundle-size.ts --out-dir=/tmp/ui # build there, leave dist alone
 */
import { buildUi, DIST } from './build-ui';
import { BUDGET_KB, initialJs, kb, lazyExtra, report } from './initial-js';

const OUT = process.argv.find((a) => a.startsWith('--out-dir='))?.slice('--out-dir='.length) ?? DIST;
if (!process.argv.includes('--no-build')) await buildUi(OUT);
const m = initialJs(OUT);
console.log(report(m));
// For the record, not the budget: what the sign-in page's own lazy chunk adds right after.
const login = lazyExtra(OUT, /login-page\.(tsx|js)$/);
if (login) console.log(`  then ${login.file} and what it brings: +${kb(login.gzipBytes)} kB gzip (lazy)`);
const admin = lazyExtra(OUT, /admin-console\.(tsx|js)$/);
if (admin) console.log(`  the admin console (lazy, /admin only): ${kb(admin.gzipBytes)} kB gzip`);
const diagrams = lazyExtra(OUT, /admin\/states-panel\.(tsx|js)$/, [/admin-console\.(tsx|js)$/]);
if (diagrams)
  console.log(`  its state diagrams with dagre (lazy, after it): ${kb(diagrams.gzipBytes)} kB gzip`);
const over = m.gzipBytes > BUDGET_KB * 1000;
if (over) console.error(`FAIL: ${kb(m.gzipBytes)} kB gzip is over the ${BUDGET_KB} kB budget.`);
if (m.lazyOnlyFound.length > 0) console.error(`FAIL: ${m.lazyOnlyFound.join(', ')} must load lazily.`);
if (!over && m.lazyOnlyFound.length === 0) console.log(`OK: ${kb(m.gzipBytes)} kB gzip ≤ ${BUDGET_KB} kB.`);
process.exit(over || m.lazyOnlyFound.length > 0 ? 1 : 0);
