/**
 * Judges HTTP answers against an OpenAPI document with ajv (JSON Schema 2020-12, formats):
 * the status must be one the operation lists, the body must match that response's schema,
 * and a problem's code must be among the operation's `x-error-codes`.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, any>;

export interface Operation {
  readonly path: string;
  readonly method: string;
  readonly op: Json;
}

/** Every operation of the document. */
export function operationsOf(doc: Json): Operation[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'patch', 'delete', 'put'].includes(method))
      .map(([method, op]) => ({ path, method, op })),
  );
}

const pointerPart = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * A judge of answers for one document.
 * @example const judge = answerJudge(doc); judge(operation, 404, body) // [] when it conforms
 */
export function answerJudge(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...doc, $id: 'doc' });
  const compiled = new Map<string, ValidateFunction>();
  const validator = (pointer: string) => {
    let v = compiled.get(pointer);
    if (!v) {
      v = ajv.getSchema(`doc#${pointer}`);
      if (!v) throw new Error(`no schema at ${pointer}`);
      compiled.set(pointer, v);
    }
    return v;
  };

  return (o: Operation, status: number, contentType: string | undefined, body: string): string[] => {
    const where = `${o.method.toUpperCase()} ${o.path} → ${status}`;
    let response = o.op.responses?.[String(status)];
    let pointer = `/paths/${pointerPart(o.path)}/${o.method}/responses/${status}`;
    if (!response) return [`${where}: status not documented (${body.slice(0, 160)})`];
    if (typeof response.$ref === 'string') {
      pointer = response.$ref.slice(1);
      response = doc.components.responses[response.$ref.split('/').at(-1)];
    }
    const problems: string[] = [];
    const content = response.content as Json | undefined;
    if (!content) {
      if (body !== '') problems.push(`${where}: documented without a body, answered ${body.slice(0, 80)}`);
      return problems;
    }
    const type = (contentType ?? '').split(';')[0]!.trim();
    if (!content[type]) return [`${where}: content type ${type} not documented (${Object.keys(content)})`];
    let parsed: unknown = body;
    // A text answer (Prometheus metrics) is judged as the string it is; any other as JSON.
    if (!type.startsWith('text/')) {
      try {
        parsed = JSON.parse(body);
      } catch {
        return [`${where}: body is not JSON`];
      }
    }
    const v = validator(`${pointer}/content/${pointerPart(type)}/schema`);
    if (!v(parsed)) problems.push(`${where}: ${ajv.errorsText(v.errors)} in ${body.slice(0, 200)}`);
    if (status >= 400) {
      const code = (parsed as { code?: string }).code;
      if (!(o.op['x-error-codes'] as string[]).includes(code ?? '')) {
        problems.push(`${where}: code ${code} not in x-error-codes`);
      }
    }
    return problems;
  };
}
