import { defaultReportSettings, PRESET_RULE_SETS } from '@crossmarket/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import type { ReportDetail } from '../api/report';
import { SettingsTab } from './settings-tab';

// The pricing rules' presets as the Settings tab offers them (the rules on their own are tested in
// pricing-settings/components/pricing-rules.test.tsx).

const rules = () => screen.queryAllByTestId(/^rule-\d+$/);
/**
 * The control named `label` by its aria-label. Testing Library's role and label queries walk the whole
 * document for every element, which takes minutes over thirty rules of Ant Design inputs in jsdom.
 */
const named = <E extends Element = HTMLElement>(label: string) =>
  document.querySelector<E>(`[aria-label="${CSS.escape(label)}"]`);
const minRate = (n: number) => named<HTMLInputElement>(`Min rate (%) (Rule ${n})`)!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('presets (through the Settings tab)', () => {
  const report = {
    id: '3f2a9c1d-0000-4000-8000-000000000001',
    from_country: 'us',
    to_country: 'ca',
    parity: 1.37,
    settings: defaultReportSettings(1.37),
    skus: {},
  } as unknown as ReportDetail;

  function renderTab() {
    const fetch = fakeApi((url) => {
      if (url.startsWith('/api/inventories')) return { body: [] };
      if (url === '/v1/settings') return { body: { error: false } };
      return undefined;
    });
    render(
      <AppProviders>
        <AntApp>
          <SettingsTab report={report} onApplied={() => {}} />
        </AntApp>
      </AppProviders>,
    );
    return fetch;
  }
  const confirmDialog = async () =>
    (
      await screen.findByText('Replace your pricing rules?', { selector: '.ant-modal-confirm-title' })
    ).closest<HTMLElement>('.ant-modal')!;
  const inDialog = (dialog: HTMLElement, name: string) => within(dialog).getByText(name).closest('button')!;

  const HEAVY = 120_000;
  const click = (name: string) => fireEvent.click(screen.getByText(name).closest('button')!);

  it.each([
    ['Cost ladder', 'cost_ladder'],
    ['Recommended', 'recommended'],
  ] as const)(
    '%s asks first; No keeps the rules, Yes replaces them with the preset',
    async (label, preset) => {
      renderTab();
      expect(rules()).toHaveLength(1);

      click(label);
      fireEvent.click(inDialog(await confirmDialog(), 'No'));
      await waitFor(() => expect(screen.queryByText('Replace your pricing rules?')).toBeNull());
      expect(rules()).toHaveLength(1);

      click(label);
      const dialog = await confirmDialog();
      expect(within(dialog).getByText(/will be replaced with this rule set/)).toBeInTheDocument();
      fireEvent.click(inDialog(dialog, 'Yes'));
      const count = PRESET_RULE_SETS[preset].length;
      await waitFor(() => expect(rules()).toHaveLength(count));
      expect(minRate(count)).toHaveValue(PRESET_RULE_SETS[preset].at(-1)!.min_rate.toFixed(1));
    },
    HEAVY,
  );

  it(
    'a loaded preset is sent as it is when the settings are applied',
    async () => {
      const fetch = renderTab();
      click('Cost ladder');
      fireEvent.click(inDialog(await confirmDialog(), 'Yes'));
      await waitFor(() => expect(rules()).toHaveLength(PRESET_RULE_SETS.cost_ladder.length));

      click('Apply Settings & Filters');
      const sent = () => fetch.mock.calls.filter(([url]) => url === '/v1/settings');
      await waitFor(() => expect(sent()).toHaveLength(1));
      const body = JSON.parse(String(sent()[0]![1]?.body)) as { pricing_rules: unknown };
      expect(body.pricing_rules).toEqual(PRESET_RULE_SETS.cost_ladder);
    },
    HEAVY,
  );
});
