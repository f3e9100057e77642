// Copies the repository's examples/helpdesk into templates/helpdesk (gitignored), so the
// helpdesk template has one home. Run by `npm pack` (prepack) and by the repository's
// `npm run build`, after this package's dist/ is built.
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { copyAppFiles } from '../dist/index.js';

const from = fileURLToPath(new URL('../../../examples/helpdesk', import.meta.url));
const to = fileURLToPath(new URL('../templates/helpdesk', import.meta.url));
if (existsSync(from)) {
  rmSync(to, { recursive: true, force: true });
  copyAppFiles(from, to);
  console.log('create-ninefold: templates/helpdesk copied from examples/helpdesk');
} else if (!existsSync(to)) {
  throw new Error(`create-ninefold: neither ${from} nor ${to} exists: no helpdesk template`);
}
