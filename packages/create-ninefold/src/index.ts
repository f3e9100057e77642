/**
 * create-ninefold — `npm create ninefold@latest <dir>`: a new Ninefold app in a folder of its
 * own, from a template (`blank` or `helpdesk`), depending on the `@ninefold/*` packages of this
 * version. `ninefold new <dir>` runs the same code.
 */
export {
  APP_GITIGNORE,
  APP_SCRIPTS,
  APP_TSCONFIG,
  appPackageJson,
  NINEFOLD_PACKAGES,
  THIRD_PARTY_VERSIONS,
} from './app-files';
export { appTitle, packageName } from './app-name';
export { copyAppFiles } from './copy-app-files';
export { CreateAppError, type CreateAppOptions, type CreatedApp, createApp, nextSteps } from './create-app';
export { type CreateIO, main, usage } from './main';
export {
  isTemplate,
  scaffoldVersion,
  TEMPLATE_SUMMARIES,
  TEMPLATES,
  type TemplateName,
  templateDir,
} from './templates';
