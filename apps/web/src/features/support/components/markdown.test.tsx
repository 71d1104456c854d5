import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown, parseMarkdown } from './markdown';

describe('the guide Markdown', () => {
  it('reads headings, paragraphs, both lists (with continued items) and notes', () => {
    const source = `## Title two

First line
second line.

- one
  continued
- two

1. first
2. second

> A **tip**.`;
    expect(parseMarkdown(source)).toEqual([
      { kind: 'heading', text: 'Title two' },
      { kind: 'paragraph', text: 'First line second line.' },
      { kind: 'list', ordered: false, items: ['one continued', 'two'] },
      { kind: 'list', ordered: true, items: ['first', 'second'] },
      { kind: 'note', text: 'A **tip**.' },
    ]);
  });

  it("links only to the app's own pages and never renders HTML", () => {
    render(
      <MemoryRouter>
        <Markdown
          source={
            'See [Filters](/support/guide/filters), [evil](javascript:alert(1)) and <b>`code`</b> **bold**.'
          }
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Filters' })).toHaveAttribute('href', '/support/guide/filters');
    expect(screen.queryByRole('link', { name: 'evil' })).not.toBeInTheDocument();
    expect(document.body.textContent).toContain('evil');
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText('code').tagName).toBe('CODE');
    expect(screen.getByText('bold').tagName).toBe('STRONG');
  });
});
