/**
 * The templates a new app starts from, in this package's `templates/` folder: `blank` (kept in
 * git) and `helpdesk` (copied from the repository's examples/helpdesk when the package is
 * built, so the example has one home).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The template names, the default first. */
export const TEMPLATES = ['blank', 'helpdesk'] as const;
export type TemplateName = (typeof TEMPLATES)[number];

/** What a template shows as it is picked. */
export const TEMPLATE_SUMMARIES: { readonly [T in TemplateName]: string } = {
  blank: 'one entity (notes), a member and an admin role, an empty UI registry',
  helpdesk: "Ninefold's example: tickets, agents, SLAs, its own widgets and pages",
};

// Both src/ (tests) and dist/ (the published package) sit one level below the package's root.
const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The folder of a template.
 * @example templateDir('blank') // '…/node_modules/create-ninefold/templates/blank'
 */
export function templateDir(template: TemplateName): string {
  return fileURLToPath(new URL(`../templates/${template}`, import.meta.url));
}

/**
 * Whether a template is there (the helpdesk is missing from a source checkout until built).
 * @example hasTemplate('blank') // true
 */
export function hasTemplate(template: TemplateName): boolean {
  return existsSync(templateDir(template));
}

/**
 * This package's version: the version of every `@ninefold/*` package a new app depends on.
 * @example scaffoldVersion() // '0.1.0'
 */
export function scaffoldVersion(): string {
  const pkg = JSON.parse(readFileSync(`${PACKAGE_ROOT}/package.json`, 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * Whether a name is a template's.
 * @example isTemplate('helpdesk') // true
 */
export function isTemplate(name: string): name is TemplateName {
  return (TEMPLATES as readonly string[]).includes(name);
}
