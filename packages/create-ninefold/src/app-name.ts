/**
 * An app is named after its folder: a package name npm accepts, and a title for people.
 */

/**
 * The package name for a folder name: lowercase, with anything npm refuses turned into dashes.
 * @example packageName('My Shop!') // 'my-shop'
 */
export function packageName(folder: string): string {
  const name = folder
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[-._~]+|[-._~]+$/g, '');
  return name || 'ninefold-app';
}

/**
 * The app's title (its `about.name`): the folder's words, capitalised.
 * @example appTitle('my-shop') // 'My Shop'
 */
export function appTitle(folder: string): string {
  const words = folder.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return 'Ninefold App';
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}
