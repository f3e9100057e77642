/**
 * `tsx bench/seed-only.ts`: builds (or finds) the cached 1,000,000-ticket database and prints
 * its path, so a slow first seed can run ahead of the suites.
 */
import { seededDatabase } from './lib/seed-database';

console.log(await seededDatabase());
