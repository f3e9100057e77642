/**
 * Error message templates: `'You can have at most {max} open tickets.'` has the parameter
 * `max`, known to the type system and filled in on the server and in the client alike.
 */

/** The `{placeholder}` names of a message template. */
export type TemplateParams<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | TemplateParams<Rest>
  : never;

/** What an error declares of its parameters' types: `{ max: 'number' }`. */
export type ParamKinds = { readonly [param: string]: 'number' | 'string' };

// Not distributive: an undeclared param (K = never) is string | number, not never.
type ValueOfKind<K> = [K] extends [never]
  ? string | number
  : [K] extends ['number']
    ? number
    : [K] extends ['string']
      ? string
      : string | number;

/**
 * The parameter object a template takes: each `{placeholder}` is `string | number`, or the
 * type its error declares in `params`.
 * @example type P = ParamsOf<'At most {max} open tickets.', { max: 'number' }> // { max: number }
 */
export type ParamsOf<S extends string, K = {}> = [TemplateParams<S>] extends [never]
  ? Record<string, never>
  : { [P in TemplateParams<S>]: ValueOfKind<P extends keyof K ? K[P] : never> };

/**
 * The parameter names in a template, in order of appearance.
 * @example templateParams('At most {max} of {kind}') // ['max', 'kind']
 */
export function templateParams(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/**
 * Fills a template's placeholders; a missing value leaves the placeholder visible.
 * @example fillTemplate('At most {max} open tickets.', { max: 5 }) // 'At most 5 open tickets.'
 */
export function fillTemplate(template: string, params: { readonly [k: string]: unknown } = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined || params[name] === null ? whole : String(params[name]),
  );
}
