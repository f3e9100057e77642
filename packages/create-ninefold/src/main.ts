/**
 * The command line of `npm create ninefold <dir> [--template blank|helpdesk]` (and of
 * `create-ninefold` itself): parses it, makes the app, says what next.
 */
import { parseArgs } from 'node:util';
import { CreateAppError, createApp, nextSteps } from './create-app';
import { TEMPLATE_SUMMARIES, TEMPLATES } from './templates';

/** Where the command writes. */
export interface CreateIO {
  out(line: string): void;
  err(line: string): void;
  readonly cwd: string;
}

const PROCESS_IO: CreateIO = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  cwd: process.cwd(),
};

/**
 * The usage text, one line each.
 * @example usage()[0] // 'Usage: npm create ninefold@latest <dir> [-- --template blank|helpdesk]'
 */
export function usage(): string[] {
  const template = `--template ${TEMPLATES.join('|')}`;
  return [
    `Usage: npm create ninefold@latest <dir> [-- ${template}]`,
    `   or: npx @ninefold/cli new <dir> [${template}]`,
    '',
    'Makes a new Ninefold app in <dir> (which must be empty or new), named after the folder.',
    'Templates:',
    ...TEMPLATES.map((t) => `  ${t.padEnd(9)} ${TEMPLATE_SUMMARIES[t]}`),
  ];
}

/**
 * Runs the command line; answers the exit code (0 made, 1 refused, 2 a wrong command line).
 * @example process.exitCode = await main(['my-app', '--template', 'blank']);
 */
export async function main(argv: readonly string[], io: CreateIO = PROCESS_IO): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    io.err(`create-ninefold: ${(e as Error).message}`);
    for (const line of usage()) io.err(line);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    for (const line of usage()) io.out(line);
    return 0;
  }
  if (positionals.length !== 1) {
    io.err(`create-ninefold: ${positionals.length === 0 ? 'which folder?' : 'takes one folder'}`);
    for (const line of usage()) io.err(line);
    return 2;
  }
  try {
    const app = await createApp({
      dir: positionals[0]!,
      cwd: io.cwd,
      ...(values.template === undefined ? {} : { template: values.template }),
    });
    for (const line of nextSteps(app, io.cwd)) io.out(line);
    return 0;
  } catch (e) {
    if (!(e instanceof CreateAppError)) throw e;
    io.err(`create-ninefold: ${e.message}`);
    return 1;
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { template: { type: 'string', short: 't' }, help: { type: 'boolean', short: 'h' } },
  });
}
