import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../i18n';
import { ApiError } from './api-client';
import { NameAndSaveModal } from './name-and-save-modal';

function renderModal(onSave: (name: string) => Promise<unknown>) {
  const onClose = vi.fn();
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AntApp>
      <NameAndSaveModal
        open
        title="Save New Filter Set"
        summary="2 filters will be saved."
        field={{
          name: 'name',
          label: 'Filter set name',
          hint: 'A descriptive name is helpful.',
          maxLength: 100,
          pick: (s) => s.filterSetNameSchema,
        }}
        successText="Filter Set Created"
        onSave={onSave}
        onClose={onClose}
      />
    </AntApp>,
  );
  return { onClose, user };
}

describe('NameAndSaveModal', () => {
  it('asks for the name by the schema, then saves under it and closes', async () => {
    const onSave = vi.fn(async () => {});
    const { onClose, user } = renderModal(onSave);
    expect(screen.getByText('2 filters will be saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please input filter set name.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Filter set name'), 'Six for Canada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith('Six for Canada');
    expect(await screen.findByText('Filter Set Created')).toBeInTheDocument();
  });

  it('shows a refusal in the dialog and stays open', async () => {
    const refusal = new ApiError(409, 'filter_set_limit', 'Your plan holds 20 filter sets.');
    const { onClose, user } = renderModal(() => Promise.reject(refusal));
    await user.type(screen.getByLabelText('Filter set name'), 'One too many');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your plan holds 20 filter sets.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
