/**
 * The process entry of `ninefold` (see bin/ninefold.js): runs the command line and hands
 * its exit code to the process, letting open handles (a server) keep it alive.
 */
import { run } from './run';

process.exitCode = await run(process.argv.slice(2));
