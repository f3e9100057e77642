/**
 * Long text as the spec means it (markdown): paragraphs, headings, lists, **bold**, *em*
 * and `code`, drawn as React elements — never as HTML, so a record's text cannot inject
 * markup. Anything else shows as the text it is.
 */
import type { ReactNode } from 'react';

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; text: string };

/**
 * Markdown blocks of a text, one per run of lines.
 * @example markdownBlocks('# Hi\n\n- a\n- b') // [{ kind: 'heading', … }, { kind: 'list', … }]
 */
export function markdownBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(line);
    const last = blocks.at(-1);
    if (line.trim() === '') blocks.push({ kind: 'paragraph', text: '' });
    else if (heading) blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
    else if (item) {
      const ordered = item[2] !== undefined;
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item[3]!);
      else blocks.push({ kind: 'list', ordered, items: [item[3]!] });
    } else if (last?.kind === 'paragraph' && last.text !== '') last.text += `\n${line}`;
    else blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks.filter((b) => b.kind !== 'paragraph' || b.text !== '');
}

/**
 * Inline marks as elements.
 * @example inline('a **b** `c`') // ['a ', <strong>b</strong>, ' ', <code>c</code>]
 */
export function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*)/g;
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    const token = m[0];
    if (m.index > at) out.push(text.slice(at, m.index));
    const key = `${m.index}`;
    if (token.startsWith('**')) out.push(<strong key={key}>{token.slice(2, -2)}</strong>);
    else if (token.startsWith('`')) out.push(<code key={key}>{token.slice(1, -1)}</code>);
    else out.push(<em key={key}>{token.slice(1, -1)}</em>);
    at = m.index + token.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/**
 * @example <MarkdownText text={article.body} headingLevel={3} />
 */
export function MarkdownText({
  text,
  headingLevel = 3,
}: {
  readonly text: string;
  readonly headingLevel?: number;
}) {
  return (
    <div className="markdown">
      {markdownBlocks(text).map((b, i) => {
        const key = `${i}-${b.kind}`;
        if (b.kind === 'heading') {
          // Under the page's own headings: `#` becomes the level given, and so on down.
          const level = Math.min(6, headingLevel + b.level - 1);
          const H = `h${level}` as 'h3';
          return <H key={key}>{inline(b.text)}</H>;
        }
        if (b.kind === 'list') {
          const L = b.ordered ? 'ol' : 'ul';
          return (
            <L key={key}>
              {b.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: list items of a fixed text, never reordered.
                <li key={j}>{inline(item)}</li>
              ))}
            </L>
          );
        }
        return <p key={key}>{inline(b.text)}</p>;
      })}
    </div>
  );
}
