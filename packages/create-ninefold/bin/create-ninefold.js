#!/usr/bin/env node
// `npm create ninefold <dir>` runs this: a new Ninefold app in a folder of its own.
import { main } from '../dist/index.js';

process.exitCode = await main(process.argv.slice(2));
