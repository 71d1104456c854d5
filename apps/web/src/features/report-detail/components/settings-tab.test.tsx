import { defaultReportSettings, type PricingSettings } from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import type { ReportDetail } from '../api/report';
import { SettingsTab } from './settings-tab';

const PARITY = 1.37;

function reportFixture(overrides: Partial<ReportDetail> = {}): ReportDetail {
  return {
    id: '3f2a9c1d-0000-4000-8000-000000000001',
    title: 'US to CA',
    type: 'product-analysis',
    created_at: '2026-11-20T10:00:00Z',
    finish_at: '2026-11-20T10:30:00Z',
    from_country: 'us',
    to_country: 'ca',
    from_marketplace: 'amazon',
    to_marketplace: 'amazon',
    size: 3,
    done_size: 3,
    finalized: true,
    no_answer_count: 0,
    estimated_finish_at: null,
    content: [],
    skus: {},
    from_country_info: {
      code: 'us',
      name: 'United States',
      flag_code: 'us',
      currency: { code: 'USD', symbol: '$' },
    },
    to_country_info: { code: 'ca', name: 'Canada', flag_code: 'ca', currency: { code: 'CAD', symbol: 'C$' } },
    parity_rates: { USD: 1, CAD: PARITY },
    parity: PARITY,
    settings: null,
    amazon_accounts: null,
    lane: null,
    priced_with: null,
    rates_of: null,
    restrictions: null,
    phase: null,
    ...overrides,
  };
}

type SettingsAnswer = { status?: number; body: unknown };

/** /v1/settings answers `answer` (success by default); the user has no inventories to load settings from. */
function settingsApi(answer: SettingsAnswer = { body: { error: false } }) {
  return fakeApi((url) => {
    if (url === '/v1/settings') return answer;
    if (url.startsWith('/api/inventories')) return { body: [] };
    return undefined;
  });
}

/** The bodies POSTed to /v1/settings, parsed. */
const sentSettings = (fetch: ReturnType<typeof fakeApi>) =>
  fetch.mock.calls
    .filter(([url]) => String(url) === '/v1/settings')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

function renderTab(report = reportFixture()) {
  const onApplied = vi.fn();
  // Ant Design's styles make the pointer-events check (getComputedStyle up the tree) slow in jsdom.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      {/* No motion: a message leaves the moment its rule is gone, not after a fade a busy machine slows. */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntApp>
          <SettingsTab report={report} onApplied={onApplied} />
        </AntApp>
      </ConfigProvider>
    </AppProviders>,
  );
  const form = screen.getByTestId('settings-form');
  return { form, onApplied, user };
}

// By label rather than by role: role queries over the whole Ant Design form take seconds in jsdom.
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const button = (name: string, scope: HTMLElement = document.body) =>
  within(scope).getByText(name).closest('button')!;
/** The messages under a control (Ant Design 6 gives them no alert role). */
const errorsOf = (control: HTMLElement) =>
  [...control.closest('.ant-form-item')!.querySelectorAll('.ant-form-item-explain-error')].map(
    (e) => e.textContent,
  );
const allErrors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const apply = (user: ReturnType<typeof userEvent.setup>, name = 'Apply Settings & Filters') =>
  user.click(button(name));

async function replace(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

const ENTER_VALUE = 'Enter value';
const MIN_STOCK_ABOVE = "Minimum stock can't be greater than default stock.";
const MIN_BELOW_STD = 'Minimum rate must be lower than standard rate';
const STD_ABOVE_MIN = 'Standard rate must be greater than minimum rate';
const FAILED = 'An error occured. Please try again later.';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (i18n.language !== 'en') await changeLanguage('en');
});

describe('SettingsTab defaults', () => {
  it("starts from the default settings at the report's parity when the report has none", () => {
    renderTab();
    const defaults = defaultReportSettings(PARITY);
    expect(field('Handling Time (days)')).toHaveValue(String(defaults.handling_time));
    expect(defaults.handling_time).toBe(2);
    expect(field('Auto')).toBeChecked();
    expect(field('Parity')).toHaveValue(String(PARITY));
    expect(field('Minimum Stock')).toHaveValue(String(defaults.min_stock));
    expect(field('Default Stock')).toHaveValue(String(defaults.def_stock));
    expect(screen.getAllByTestId(/^rule-\d+$/)).toHaveLength(1);
  });

  it("starts from the report's saved settings when it has them", () => {
    const saved: PricingSettings = {
      ...defaultReportSettings(1.5),
      handling_time: 7,
      parity_type: 'fixed',
      min_stock: 3,
      def_stock: 9,
    };
    renderTab(reportFixture({ settings: saved }));
    expect(field('Handling Time (days)')).toHaveValue('7');
    expect(field('Fixed')).toBeChecked();
    // The parity input shows two decimals (its step is 0.01).
    expect(field('Parity')).toHaveValue('1.50');
    expect(field('Parity')).toBeEnabled();
    expect(field('Minimum Stock')).toHaveValue('3');
    expect(field('Default Stock')).toHaveValue('9');
  });
});

describe('SettingsTab parity', () => {
  it("with auto parity the field is locked to the report's parity", () => {
    // Saved earlier at another rate: auto parity is always the report's own.
    renderTab(reportFixture({ settings: { ...defaultReportSettings(1.1), parity_type: 'auto' } }));
    expect(field('Parity')).toBeDisabled();
    expect(field('Parity')).toHaveValue(String(PARITY));
  });

  it('switching to fixed lets the user type a parity, which is sent; back to auto restores the report parity', async () => {
    const fetch = settingsApi();
    const { user } = renderTab();
    expect(field('Parity')).toBeDisabled();

    await user.click(field('Fixed'));
    expect(field('Fixed')).toBeChecked();
    expect(field('Parity')).toBeEnabled();
    await replace(user, field('Parity'), '1.25');
    expect(field('Parity')).toHaveValue('1.25');

    await user.click(field('Auto'));
    await waitFor(() => expect(field('Parity')).toHaveValue(String(PARITY)));
    expect(field('Parity')).toBeDisabled();

    await user.click(field('Fixed'));
    await replace(user, field('Parity'), '1.25');
    await apply(user);
    await waitFor(() => expect(sentSettings(fetch)).toHaveLength(1));
    expect(sentSettings(fetch)[0]).toMatchObject({ parity_type: 'fixed', parity: 1.25 });
  });
});

describe('SettingsTab validation (the server schema, on submit)', () => {
  it.each([
    ['empty', ''],
    ['above 20', '21'],
    ['zero', '0'],
  ])('a handling time that is %s shows "Enter value" and sends nothing', async (_, text) => {
    const fetch = settingsApi();
    const { user, onApplied } = renderTab();
    const handling = field('Handling Time (days)');
    await replace(user, handling, text);
    await apply(user);
    await waitFor(() => expect(errorsOf(handling)).toEqual([ENTER_VALUE]));
    expect(sentSettings(fetch)).toEqual([]);
    expect(onApplied).not.toHaveBeenCalled();
  });

  it('shows no message before the first submit, however invalid the value', async () => {
    settingsApi();
    const { user } = renderTab();
    await replace(user, field('Handling Time (days)'), '21');
    await replace(user, field('Minimum Stock'), '9');
    expect(allErrors()).toEqual([]);
  });

  it('a minimum stock above the default stock is refused on the minimum stock field', async () => {
    const fetch = settingsApi();
    const { user } = renderTab();
    await replace(user, field('Minimum Stock'), '6');
    await apply(user);
    await waitFor(() => expect(errorsOf(field('Minimum Stock'))).toEqual([MIN_STOCK_ABOVE]));
    expect(errorsOf(field('Default Stock'))).toEqual([]);
    expect(sentSettings(fetch)).toEqual([]);
  });

  it("a rule's minimum rate not below its standard rate is refused on both fields", async () => {
    const fetch = settingsApi();
    const { user } = renderTab();
    const min = field('Min rate (%) (Rule 1)');
    const std = field('Std rate (%) (Rule 1)');
    // The rate inputs show one decimal (their step is 0.1).
    expect(std).toHaveValue('20.0');
    // Equal is not enough: the minimum must be strictly lower.
    await replace(user, min, '20');
    await apply(user);
    await waitFor(() => expect(errorsOf(min)).toEqual([MIN_BELOW_STD]));
    expect(errorsOf(std)).toEqual([STD_ABOVE_MIN]);
    expect(errorsOf(field('Max rate (%) (Rule 1)'))).toEqual([]);
    expect(sentSettings(fetch)).toEqual([]);
  });

  it('each message goes as soon as its own field changes, without submitting again', async () => {
    const fetch = settingsApi();
    const { user } = renderTab();
    const handling = field('Handling Time (days)');
    const minStock = field('Minimum Stock');
    const min = field('Min rate (%) (Rule 1)');
    const std = field('Std rate (%) (Rule 1)');
    await replace(user, handling, '21');
    await replace(user, minStock, '6');
    await replace(user, min, '25');
    await apply(user);
    await waitFor(() => expect(errorsOf(handling)).toEqual([ENTER_VALUE]));
    expect(errorsOf(minStock)).toEqual([MIN_STOCK_ABOVE]);
    expect(errorsOf(min)).toEqual([MIN_BELOW_STD]);
    expect(errorsOf(std)).toEqual([STD_ABOVE_MIN]);

    await replace(user, handling, '3');
    await waitFor(() => expect(errorsOf(handling)).toEqual([]));
    expect(errorsOf(minStock)).toEqual([MIN_STOCK_ABOVE]);
    expect(errorsOf(min)).toEqual([MIN_BELOW_STD]);

    // Changing the minimum rate clears its own message only; the standard rate keeps its message.
    await replace(user, min, '24');
    await waitFor(() => expect(errorsOf(min)).toEqual([]));
    expect(errorsOf(std)).toEqual([STD_ABOVE_MIN]);
    expect(errorsOf(minStock)).toEqual([MIN_STOCK_ABOVE]);

    await replace(user, std, '30');
    await waitFor(() => expect(errorsOf(std)).toEqual([]));
    expect(errorsOf(minStock)).toEqual([MIN_STOCK_ABOVE]);

    // The stock message is on the minimum stock: changing the default stock leaves it.
    await replace(user, field('Default Stock'), '5');
    expect(errorsOf(minStock)).toEqual([MIN_STOCK_ABOVE]);

    await replace(user, minStock, '4');
    await waitFor(() => expect(errorsOf(minStock)).toEqual([]));
    expect(allErrors()).toEqual([]);
    expect(sentSettings(fetch)).toEqual([]);
  });

  it('a message comes back when the form is submitted again with the same mistake', async () => {
    settingsApi();
    const { user } = renderTab();
    const minStock = field('Minimum Stock');
    await replace(user, minStock, '6');
    await apply(user);
    await waitFor(() => expect(errorsOf(minStock)).toEqual([MIN_STOCK_ABOVE]));
    await replace(user, minStock, '7');
    await waitFor(() => expect(errorsOf(minStock)).toEqual([]));
    await apply(user);
    await waitFor(() => expect(errorsOf(minStock)).toEqual([MIN_STOCK_ABOVE]));
  });
});

describe('SettingsTab applying', () => {
  it('sends exactly the settings with the report id, then says so and calls onApplied', async () => {
    const fetch = settingsApi();
    const report = reportFixture();
    const { user, onApplied } = renderTab(report);
    await replace(user, field('Handling Time (days)'), '4');
    await replace(user, field('Default Stock'), '8');
    await apply(user);

    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    const [call] = fetch.mock.calls.filter(([url]) => String(url) === '/v1/settings');
    expect(call?.[1]?.method).toBe('POST');
    expect(sentSettings(fetch)).toEqual([
      { report_id: report.id, ...defaultReportSettings(PARITY), handling_time: 4, def_stock: 8 },
    ]);
    expect(await screen.findByText('Success')).toBeInTheDocument();
  });

  it('an { error: true } answer shows the failure message and does not call onApplied', async () => {
    const fetch = settingsApi({ body: { error: true, message: 'settings failed' } });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, onApplied } = renderTab();
    await apply(user);
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(sentSettings(fetch)).toHaveLength(1);
    expect(onApplied).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledWith('Saving settings failed', expect.any(Error));
  });

  it('a server error answer shows the same failure message', async () => {
    settingsApi({ status: 500, body: { error: { code: 'internal', message: 'boom' } } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, onApplied } = renderTab();
    await apply(user);
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(onApplied).not.toHaveBeenCalled();
  });
});

describe('SettingsTab reset', () => {
  it('asks first, then puts back the defaults and clears the messages without saving', async () => {
    const fetch = settingsApi();
    const { user } = renderTab();
    const minStock = field('Minimum Stock');
    await replace(user, minStock, '6');
    await replace(user, field('Handling Time (days)'), '9');
    await apply(user);
    await waitFor(() => expect(errorsOf(minStock)).toEqual([MIN_STOCK_ABOVE]));

    await user.click(button('Reset Settings'));
    const dialog = (
      await screen.findByText('Reset settings?', { selector: '.ant-modal-confirm-title' })
    ).closest<HTMLElement>('.ant-modal')!;
    await user.click(button('Yes', dialog));

    await waitFor(() => expect(field('Minimum Stock')).toHaveValue('1'));
    expect(field('Handling Time (days)')).toHaveValue('2');
    // The message leaves with antd's fade-out: wait for it rather than read it mid-animation.
    await waitFor(() => expect(errorsOf(field('Minimum Stock'))).toEqual([]));
    expect(sentSettings(fetch)).toEqual([]);
  });

  it("a loaded preset replaces the rules, and the rules' messages go with them", async () => {
    const fetch = settingsApi();
    const { user } = renderTab();
    const min = field('Min rate (%) (Rule 1)');
    await replace(user, min, '20');
    await apply(user);
    await waitFor(() => expect(errorsOf(min)).toEqual([MIN_BELOW_STD]), { timeout: 5000 });

    await user.click(button('Cost ladder'));
    const dialog = (
      await screen.findByText('Replace your pricing rules?', { selector: '.ant-modal-confirm-title' })
    ).closest<HTMLElement>('.ant-modal')!;
    await user.click(button('Yes', dialog));

    // Re-validating two rules' fields re-renders the whole form: slow in jsdom on a busy machine.
    await waitFor(
      () => {
        expect(errorsOf(field('Min rate (%) (Rule 1)'))).toEqual([]);
        expect(errorsOf(field('Std rate (%) (Rule 1)'))).toEqual([]);
      },
      { timeout: 60_000 },
    );
    expect(sentSettings(fetch)).toEqual([]);
  });
});

describe('SettingsTab in Turkish', () => {
  it('labels the form and shows the schema messages in Turkish', async () => {
    await changeLanguage('tr');
    const fetch = settingsApi({ body: { error: true } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderTab();
    const handling = field('Hazırlık Süresi (gün)');
    const minStock = field('Minimum Stok');
    const min = field('En az oran (%) (Kural 1)');
    const std = field('Standart oran (%) (Kural 1)');
    await replace(user, handling, '0');
    await replace(user, minStock, '6');
    await replace(user, min, '20');
    await apply(user, 'Ayarları ve Filtreleri Uygula');

    await waitFor(() => expect(errorsOf(handling)).toEqual(['Değer girin']));
    expect(errorsOf(minStock)).toEqual(['Minimum stok varsayılan stoktan büyük olamaz.']);
    expect(errorsOf(min)).toEqual(['Minimum oran standart orandan düşük olmalıdır']);
    expect(errorsOf(std)).toEqual(['Standart oran minimum orandan büyük olmalıdır']);

    await replace(user, handling, '2');
    await replace(user, minStock, '1');
    await replace(user, min, '10');
    await apply(user, 'Ayarları ve Filtreleri Uygula');
    expect(await screen.findByText('Bir hata oluştu. Lütfen daha sonra tekrar deneyin.')).toBeInTheDocument();
    expect(sentSettings(fetch)).toHaveLength(1);
  });
});
