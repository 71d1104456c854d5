import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../i18n';
import { PickAndConfirm } from './pick-and-confirm';

interface Saved {
  id: string;
  name: string;
  content: string;
}

const SAVED: Saved[] = [
  { id: 'a', name: 'Readable', content: '[1,2]' },
  { id: 'b', name: 'Broken', content: '{' },
];

function renderPick(read: (item: Saved) => number[] | Promise<number[]>) {
  const onLoad = vi.fn();
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AntApp>
      <PickAndConfirm
        label="Load something"
        testId="load-something"
        items={SAVED}
        loading={false}
        option={(s) => ({ value: s.id, label: s.name })}
        notFound="Not Found"
        confirm={(s) => ({ title: 'Replace?', content: `Replace with ${s.name}` })}
        read={read}
        unreadable="Could not be read"
        onLoad={onLoad}
      />
    </AntApp>,
  );
  const pick = async (name: string, answer: 'Yes' | 'No') => {
    await user.click(screen.getByLabelText('Load something'));
    await user.click(await screen.findByTitle(name));
    expect(await screen.findByText(`Replace with ${name}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: answer }));
  };
  return { onLoad, pick };
}

const parse = (s: Saved) => JSON.parse(s.content) as number[];

describe('PickAndConfirm', () => {
  it('loads what the chosen item holds once the replacement is confirmed', async () => {
    const { onLoad, pick } = renderPick(parse);
    expect(screen.getByTestId('load-something')).toBeInTheDocument();
    await pick('Readable', 'Yes');
    await waitFor(() => expect(onLoad).toHaveBeenCalledWith([1, 2]));
  });

  it('replaces nothing when the seller says No', async () => {
    const { onLoad, pick } = renderPick(parse);
    await pick('Readable', 'No');
    await waitFor(() => expect(screen.queryByText('Replace with Readable')).toBeNull());
    expect(onLoad).not.toHaveBeenCalled();
  });

  it('says so, and replaces nothing, when the item cannot be read', async () => {
    const { onLoad, pick } = renderPick(parse);
    await pick('Broken', 'Yes');
    expect(await screen.findByText('Could not be read')).toBeInTheDocument();
    expect(onLoad).not.toHaveBeenCalled();
  });

  it('waits for a read that must wait, and guards it the same way', async () => {
    const { onLoad, pick } = renderPick(async (s) => parse(s));
    await pick('Broken', 'Yes');
    expect(await screen.findByText('Could not be read')).toBeInTheDocument();
    expect(onLoad).not.toHaveBeenCalled();
    await pick('Readable', 'Yes');
    await waitFor(() => expect(onLoad).toHaveBeenCalledWith([1, 2]));
  });
});
