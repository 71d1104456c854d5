import type { AmazonConnection } from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi, meFixture } from '../../../test/fake-api';
import { CreateReportDrawer } from './create-report-drawer';

type Answer = { status?: number; body: unknown };

const row = (region: AmazonConnection['region'], required = false): AmazonConnection => ({
  region,
  status: 'not_connected',
  selling_partner_id: null,
  connected_at: null,
  renew_by: null,
  required,
  not_selling_in: [],
});

/** The seller, their Amazon connections (`required` for these regions) and what POST /api/reports answers. */
function drawerApi(required: AmazonConnection['region'][], created?: Answer) {
  return fakeApi((url, init) => {
    if (url === '/api/me') return { body: meFixture() };
    if (url === '/api/amazon/connections')
      return { body: (['na', 'eu', 'fe'] as const).map((r) => row(r, required.includes(r))) };
    if (url === '/api/reports' && init?.method === 'POST') return created;
    return undefined;
  });
}

function renderDrawer() {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <MemoryRouter>
          <CreateReportDrawer open onClose={() => undefined} onCreated={() => undefined} />
        </MemoryRouter>
      </AntApp>
    </AppProviders>,
  );
  return { user };
}

async function pickSelling(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(screen.getByRole('combobox', { name: 'Selling Country' }));
  await user.click(await screen.findByTitle(title));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Create New Report drawer and Amazon connections', () => {
  it('asks to connect the region of the chosen countries when this server needs the seller’s own', async () => {
    drawerApi(['eu']);
    const { user } = renderDrawer();
    await screen.findByRole('combobox', { name: 'Selling Country' });
    await pickSelling(user, 'Canada (CA)');
    expect(screen.queryByTestId('amazon-connect-prompt')).toBeNull();
    await pickSelling(user, 'United Kingdom (GB)');
    const prompt = await screen.findByTestId('amazon-connect-prompt');
    expect(prompt).toHaveTextContent('Connect your Amazon account for Europe to send reports there.');
    expect(within(prompt).getByRole('link', { name: 'Connect in Settings' })).toHaveAttribute(
      'href',
      '/settings/amazon',
    );
  });

  it('says which region to connect when the server refuses the report for want of it', async () => {
    const fetchMock = drawerApi([], {
      status: 409,
      body: {
        error: {
          code: 'amazon_not_connected',
          key: 'apiErrors.amazonNotConnected',
          // The server's English name; the drawer says the region in the reader's language instead.
          params: { region: 'Server Name' },
          region: 'na',
          message: 'Connect your Amazon account for Server Name first.',
        },
      },
    });
    const { user } = renderDrawer();
    await screen.findByRole('combobox', { name: 'Selling Country' });
    await pickSelling(user, 'Canada (CA)');
    await user.type(screen.getByRole('textbox', { name: 'Product IDs (one per line)' }), 'B0E2E00001');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const failed = await screen.findByTestId('report-failed');
    expect(failed).toHaveTextContent(
      'Connect your Amazon account for North America in Settings → Amazon account before sending a report there. Nothing was spent.',
    );
    expect(failed).not.toHaveTextContent('Failed. Please try again later.');
    expect(within(failed).getByRole('link', { name: 'Connect in Settings' })).toHaveAttribute(
      'href',
      '/settings/amazon',
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, init]) => u === '/api/reports' && init?.method === 'POST')).toBe(
        true,
      ),
    );
  });
});
