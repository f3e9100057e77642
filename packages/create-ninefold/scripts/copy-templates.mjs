// Copies the repository's examples/helpdesk into templates/helpdesk (gitignored), so the
// helpdesk template has one home. Run by `npm pack` (prepack) and by the repository's
// `npm run build`, after this package's dist/ is built. A template that is already the same
// is left alone: tests may be reading it while another test packs this package.
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyAppFiles } from '../dist/index.js';

const from = fileURLToPath(new URL('../../../examples/helpdesk', import.meta.url));
const templates = fileURLToPath(new URL('../templates', import.meta.url));
const to = join(templates, 'helpdesk');

/** Every file under `dir` with its content, for comparing two copies. */
function snapshot(dir) {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    statSync(join(dir, f)).isFile(),
  );
  return new Map(files.sort().map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

function same(a, b) {
  if (a.size !== b.size) return false;
  for (const [file, text] of a) if (b.get(file) !== text) return false;
  return true;
}

if (existsSync(from)) {
  const fresh = mkdtempSync(join(templates, '.helpdesk-'));
  try {
    copyAppFiles(from, fresh);
    if (existsSync(to) && same(snapshot(fresh), snapshot(to))) {
      console.log('create-ninefold: templates/helpdesk is up to date with examples/helpdesk');
    } else {
      rmSync(to, { recursive: true, force: true });
      renameSync(fresh, to);
      console.log('create-ninefold: templates/helpdesk copied from examples/helpdesk');
    }
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
} else if (!existsSync(to)) {
  throw new Error(`create-ninefold: neither ${from} nor ${to} exists: no helpdesk template`);
}
