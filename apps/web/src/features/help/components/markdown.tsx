import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Highlight } from './highlight';

/**
 * A small, safe Markdown renderer for the help center's own files: headings, paragraphs, ordered
 * and unordered lists, **bold**, `code` and links. Everything becomes React elements and text, so
 * no markup in a file can reach the page as HTML. Links go inside FitBase (`/path`) or to https.
 */
export function Markdown({ source, terms = [] }: { source: string; terms?: string[] }) {
  return <div className="space-y-3 leading-relaxed">{blocks(source, terms)}</div>;
}

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

export function parseBlocks(source: string): Block[] {
  const out: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) out.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) out.push({ kind: 'list', ...list });
    paragraph = [];
    list = null;
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const item = /^(?:([-*])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      out.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
    } else if (item) {
      const ordered = item[2] !== undefined;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[3]!);
    } else if (list && /^\s+/.test(raw)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return out;
}

function blocks(source: string, terms: string[]): ReactNode[] {
  return parseBlocks(source).map((block, i) => {
    if (block.kind === 'heading') {
      // The article's own title is the page's h1, so file headings start at h2.
      const Tag = (['h2', 'h2', 'h3', 'h4'] as const)[block.level - 1] ?? 'h4';
      const size = Tag === 'h2' ? 'text-xl' : 'text-lg';
      return (
        <Tag key={i} className={`${size} pt-2 font-semibold tracking-tight`}>
          {inline(block.text, terms)}
        </Tag>
      );
    }
    if (block.kind === 'list') {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List key={i} className={`${block.ordered ? 'list-decimal' : 'list-disc'} space-y-1 pl-6`}>
          {block.items.map((item, j) => (
            <li key={j}>{inline(item, terms)}</li>
          ))}
        </List>
      );
    }
    return <p key={i}>{inline(block.text, terms)}</p>;
  });
}

const INLINE = /\*\*([^*]+)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

function inline(text: string, terms: string[]): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last)
      out.push(<Highlight key={`t${last}`} text={text.slice(last, m.index)} terms={terms} />);
    const key = `m${m.index}`;
    if (m[1] !== undefined)
      out.push(
        <strong key={key}>
          <Highlight text={m[1]} terms={terms} />
        </strong>,
      );
    else if (m[2] !== undefined)
      out.push(
        <code key={key} className="bg-muted rounded px-1 py-0.5 font-mono text-sm">
          {m[2]}
        </code>,
      );
    else out.push(link(key, m[3]!, m[4]!, terms));
    last = m.index + m[0].length;
  }
  if (last < text.length)
    out.push(<Highlight key={`t${last}`} text={text.slice(last)} terms={terms} />);
  return out;
}

function link(key: string, label: string, href: string, terms: string[]): ReactNode {
  const text = <Highlight text={label} terms={terms} />;
  const className = 'text-primary underline underline-offset-4';
  // Downloads are files the server serves, not screens of the app.
  if (href.startsWith('/help/resources/'))
    return (
      <a key={key} href={href} className={className} download>
        {text}
      </a>
    );
  if (href.startsWith('/') && !href.startsWith('//'))
    return (
      <Link key={key} to={href} className={className}>
        {text}
      </Link>
    );
  if (/^https:\/\//.test(href))
    return (
      <a key={key} href={href} className={className} target="_blank" rel="noreferrer noopener">
        {text}
      </a>
    );
  // Any other scheme (javascript:, data:...) is shown as plain text, never as a link.
  return <span key={key}>{text}</span>;
}
