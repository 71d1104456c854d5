import { Alert, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'note'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

const BULLET = /^[-*]\s+/;
const NUMBER = /^\d+\.\s+/;

/**
 * The small Markdown the guide is written in: `##` headings, paragraphs, `-` and `1.` lists, `>` notes;
 * inline `**bold**`, `` `code` `` and `[links](/path)`. Everything becomes React elements (no HTML).
 */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of source.split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const first = lines[0];
    if (!first) continue;
    if (first.startsWith('#')) {
      blocks.push({ kind: 'heading', text: first.replace(/^#+\s*/, '') });
    } else if (first.startsWith('>')) {
      blocks.push({ kind: 'note', text: lines.map((l) => l.replace(/^>\s?/, '')).join(' ') });
    } else if (BULLET.test(first) || NUMBER.test(first)) {
      const marker = BULLET.test(first) ? BULLET : NUMBER;
      const items: string[] = [];
      // A line without a marker continues the item above it.
      for (const line of lines) {
        if (marker.test(line) || items.length === 0) items.push(line.replace(marker, ''));
        else items[items.length - 1] += ` ${line}`;
      }
      blocks.push({ kind: 'list', ordered: marker === NUMBER, items });
    } else {
      blocks.push({ kind: 'paragraph', text: lines.join(' ') });
    }
  }
  return blocks;
}

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/;

function inline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
      return <strong key={i}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2)
      return (
        <Typography.Text key={i} code>
          {part.slice(1, -1)}
        </Typography.Text>
      );
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const [, label, href] = link;
      // Only the app's own pages: the guide links between its articles.
      return href!.startsWith('/') ? (
        <Link key={i} to={href!}>
          {label}
        </Link>
      ) : (
        label
      );
    }
    return part;
  });
}

export function Markdown({ source }: { source: string }) {
  return (
    <Typography>
      {parseMarkdown(source).map((block, i) => {
        switch (block.kind) {
          case 'heading':
            return (
              <Typography.Title key={i} level={3}>
                {inline(block.text)}
              </Typography.Title>
            );
          case 'note':
            return (
              <Alert key={i} type="info" showIcon title={inline(block.text)} style={{ margin: '16px 0' }} />
            );
          case 'list': {
            const items = block.items.map((item, j) => <li key={j}>{inline(item)}</li>);
            return block.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
          }
          default:
            return <Typography.Paragraph key={i}>{inline(block.text)}</Typography.Paragraph>;
        }
      })}
    </Typography>
  );
}
