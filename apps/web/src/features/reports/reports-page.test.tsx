import type { AmazonConnection } from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import '../../i18n';
import { fakeApi, meFixture } from '../../test/fake-api';
import { ReportsPage } from './reports-page';

type Answer = { status: number; body: unknown };

const connection = (region: AmazonConnection['region']): AmazonConnection => ({
  region,
  status: 'not_connected',
  selling_partner_id: null,
  connected_at: null,
  renew_by: null,
  required: false,
  not_selling_in: [],
});

/** The page over an API whose POST /api/reports answers `created`. */
function renderPage(created: Answer) {
  fakeApi((url, init) => {
    if (url === '/api/me') return { body: meFixture() };
    if (url === '/api/app-config') return { body: { providers: { marketplace: 'sandbox' } } };
    if (url === '/api/amazon/connections') return { body: (['na', 'eu', 'fe'] as const).map(connection) };
    if (url === '/api/reports') return init?.method === 'POST' ? created : { body: [] };
    return undefined;
  });
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <MemoryRouter initialEntries={['/reports?new']}>
          <Routes>
            <Route path="/reports" element={<ReportsPage />} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </AppProviders>,
  );
  return { user };
}

async function sendReport(user: ReturnType<typeof userEvent.setup>) {
  const drawer = await screen.findByRole('dialog', { name: 'Create New Report' });
  await user.click(within(drawer).getByRole('combobox', { name: 'Selling Country' }));
  await user.click(await screen.findByTitle('Canada (CA)'));
  await user.type(within(drawer).getByRole('textbox', { name: 'Product IDs (one per line)' }), 'B0E2E00001');
  await user.click(within(drawer).getByRole('button', { name: 'Submit' }));
  return drawer;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the reports page after Submit', () => {
  it('closes the drawer over the list and shows the four counts above it', async () => {
    const { user } = renderPage({
      status: 201,
      body: {
        report_id: '3f2a9c1d-0000-4000-8000-000000000001',
        sent: 32,
        valid: 30,
        repetitive: 1,
        invalid: 1,
      },
    });
    await sendReport(user);
    const notice = await screen.findByTestId('report-created');
    expect(notice).toHaveTextContent('Product IDs successfully sent to the queue.');
    for (const [label, value] of [
      ['Sent', '32'],
      ['Valid', '30'],
      ['Repetitive', '1'],
      ['Invalid', '1'],
    ] as const)
      expect(within(notice).getByText(label).closest('.ant-descriptions-item')).toHaveTextContent(value);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Report' })).toBeNull());

    await user.click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('report-created')).toBeNull());
  });

  it('keeps the drawer open with the reason when the report is refused', async () => {
    const { user } = renderPage({
      status: 500,
      body: { error: { code: 'internal', message: 'Internal error.' } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const drawer = await sendReport(user);
    expect(await within(drawer).findByTestId('report-failed')).toHaveTextContent(
      'Failed. Please try again later.',
    );
    expect(screen.getByRole('dialog', { name: 'Create New Report' })).toBe(drawer);
    expect(within(drawer).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.queryByTestId('report-created')).toBeNull();
  });
});
