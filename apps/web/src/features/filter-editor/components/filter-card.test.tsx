import { FILTER_KINDS, FILTERS, FILTERS_BY_ID, type FilterDef, type FilterKind } from '@crossmarket/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import { initialDraftValue, type Draft } from '../filter-drafts';
import { FilterCard } from './filter-card';

const OPTIONS = { categories: ['Baby', 'Toys & Games'], bsr_categories: ['Electronics', 'Furniture'] };

/** One filter of each kind, the first the catalogue lists. */
const ONE_OF_EACH = new Map<FilterKind, FilterDef>();
for (const def of FILTERS) if (!ONE_OF_EACH.has(def.kind)) ONE_OF_EACH.set(def.kind, def);
const ofKind = (kind: FilterKind) => ONE_OF_EACH.get(kind)!;

/** The role of the control each kind shows first once its card is switched on. */
const INPUT_ROLE: Record<FilterKind, string> = {
  range: 'spinbutton',
  mode: 'radiogroup',
  include_exclude: 'combobox',
  coupon: 'radiogroup',
  sizes: 'group',
  restrictions: 'group',
  presence: 'radiogroup',
  categories: 'combobox',
  rank_by_category: 'combobox',
  stores: 'radiogroup',
  product_ids: 'textbox',
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (label: string) => new RegExp(`^${escape(label)}`);
const label = (def: FilterDef) => i18n.t(def.labelKey);

interface Options {
  draft?: Draft;
  settingsDefined?: boolean;
  currencySymbol?: string | null;
  error?: string;
}

/** The card as the Filters tab uses it: the draft lives in the parent and comes back on every change. */
function renderCard(def: FilterDef, options: Options = {}) {
  const onDraft = vi.fn<(id: string, draft: Draft) => void>();
  function Holder() {
    const [draft, setDraft] = useState<Draft | undefined>(options.draft);
    return (
      <FilterCard
        def={def}
        draft={draft}
        error={options.error}
        settingsDefined={options.settingsDefined ?? true}
        currencySymbol={options.currencySymbol ?? null}
        options={OPTIONS}
        onDraft={(id, next) => {
          onDraft(id, next);
          setDraft(next);
        }}
      />
    );
  }
  render(
    <AppProviders>
      <AntApp>
        <Holder />
      </AntApp>
    </AppProviders>,
  );
  const card = screen.getByTestId(`filter-${def.id}`);
  const lastDraft = () => onDraft.mock.lastCall?.[1];
  return { card, onDraft, lastDraft, user: userEvent.setup() };
}

afterEach(async () => {
  if (i18n.language !== 'en') await changeLanguage('en');
});

describe('FilterCard for every kind of the catalogue', () => {
  it('covers every kind in FILTER_KINDS', () => {
    expect([...ONE_OF_EACH.keys()].sort()).toEqual([...FILTER_KINDS].sort());
  });

  it.each(FILTER_KINDS.map((kind) => [kind, ofKind(kind).id] as const))(
    '%s (%s): the switch turns the card on and shows an input named after the filter',
    async (kind) => {
      const def = ofKind(kind);
      const { card, onDraft, user } = renderCard(def);
      const name = label(def);
      expect(name).not.toBe(def.labelKey);

      const toggle = within(card).getByRole('switch', { name: `Enable ${name}` });
      expect(toggle).not.toBeChecked();
      expect(toggle).toBeEnabled();
      expect(within(card).queryByRole(INPUT_ROLE[kind], { name: startsWith(name) })).toBeNull();

      await user.click(toggle);
      expect(onDraft).toHaveBeenLastCalledWith(def.id, { enabled: true, value: initialDraftValue(def) });
      expect(toggle).toBeChecked();
      const inputs = within(card).getAllByRole(INPUT_ROLE[kind], { name: startsWith(name) });
      expect(inputs.length).toBeGreaterThan(0);
    },
  );

  it('keeps what was entered when the card is switched off and on again', async () => {
    const def = ofKind('range');
    const { card, lastDraft, user } = renderCard(def, {
      draft: { enabled: true, value: { min: 3, max: 9 } },
    });
    const toggle = within(card).getByRole('switch', { name: `Enable ${label(def)}` });
    await user.click(toggle);
    expect(lastDraft()).toEqual({ enabled: false, value: { min: 3, max: 9 } });
    expect(within(card).queryByRole('spinbutton')).toBeNull();
    await user.click(toggle);
    expect(lastDraft()).toEqual({ enabled: true, value: { min: 3, max: 9 } });
    expect(within(card).getByRole('spinbutton', { name: `${label(def)} Min` })).toHaveValue('3');
  });
});

describe('FilterCard inputs report the new value', () => {
  const on = (def: FilterDef, value: unknown = initialDraftValue(def)): Options => ({
    draft: { enabled: true, value },
  });

  it('range: typing a minimum and a maximum', async () => {
    const def = ofKind('range');
    const { card, lastDraft, user } = renderCard(def, on(def));
    await user.type(within(card).getByRole('spinbutton', { name: `${label(def)} Min` }), '2');
    expect(lastDraft()).toEqual({ enabled: true, value: { min: 2, max: null } });
    await user.type(within(card).getByRole('spinbutton', { name: `${label(def)} Max` }), '15');
    expect(lastDraft()).toEqual({ enabled: true, value: { min: 2, max: 15 } });
  });

  it('range: clearing a bound sets it back to empty (null)', async () => {
    const def = ofKind('range');
    const { card, lastDraft, user } = renderCard(def, on(def, { min: 4, max: 8 }));
    await user.clear(within(card).getByRole('spinbutton', { name: `${label(def)} Max` }));
    expect(lastDraft()).toEqual({ enabled: true, value: { min: 4, max: null } });
  });

  it('mode: choosing Exclude', async () => {
    const def = ofKind('mode');
    const { card, lastDraft, user } = renderCard(def, on(def));
    const group = within(card).getByRole('radiogroup', { name: `${label(def)} match` });
    expect(within(group).getByRole('radio', { name: 'Only' })).toBeChecked();
    await user.click(within(group).getByText('Exclude'));
    expect(lastDraft()).toEqual({ enabled: true, value: 'exclude' });
    expect(within(group).getByRole('radio', { name: 'Exclude' })).toBeChecked();
  });

  it('coupon: choosing Percent', async () => {
    const def = ofKind('coupon');
    const { card, lastDraft, user } = renderCard(def, on(def));
    await user.click(within(card).getByText('Percent'));
    expect(lastDraft()).toEqual({ enabled: true, value: 'percent' });
  });

  it('presence: choosing Absent', async () => {
    const def = ofKind('presence');
    const { card, lastDraft, user } = renderCard(def, on(def));
    await user.click(within(card).getByText('Absent'));
    expect(lastDraft()).toEqual({ enabled: true, value: 'absent' });
  });

  it('sizes: ticking two sizes', async () => {
    const def = ofKind('sizes');
    const { card, lastDraft, user } = renderCard(def, on(def));
    await user.click(within(card).getByRole('checkbox', { name: 'Small oversize' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Small standard-size' }));
    expect(lastDraft()?.value).toEqual(expect.arrayContaining(['small-oversize', 'small-standard-size']));
    expect(lastDraft()?.value).toHaveLength(2);
  });

  it('include_exclude: typing an entry into Include', async () => {
    const def = ofKind('include_exclude');
    const { card, lastDraft, user } = renderCard(def, on(def));
    // A comma ends an entry. Enter does too in a browser, but the select's option list reads the legacy
    // KeyboardEvent.which, which user-event leaves at 0.
    await user.type(within(card).getByRole('combobox', { name: `${label(def)} Include` }), 'Acme,');
    expect(lastDraft()).toEqual({ enabled: true, value: { include: ['Acme'], exclude: [] } });
  });

  it("categories: picking a category from the report's list", async () => {
    const def = ofKind('categories');
    const { card, lastDraft, user } = renderCard(def, on(def));
    await user.click(within(card).getByRole('combobox', { name: label(def) }));
    await user.click(await screen.findByTitle('Toys & Games'));
    expect(lastDraft()).toEqual({ enabled: true, value: ['Toys & Games'] });
  });

  it('stores: typing a seller ID and choosing Exclude', async () => {
    const def = ofKind('stores');
    const { card, lastDraft, user } = renderCard(def, on(def));
    await user.type(within(card).getByRole('combobox', { name: label(def) }), 'A1SELLER,');
    expect(lastDraft()).toEqual({ enabled: true, value: { seller_ids: ['A1SELLER'], mode: 'only' } });
    await user.click(within(card).getByText('Exclude'));
    expect(lastDraft()).toEqual({ enabled: true, value: { seller_ids: ['A1SELLER'], mode: 'exclude' } });
  });

  it('rank_by_category: changing the maximum keeps the categories', async () => {
    const def = ofKind('rank_by_category');
    const { card, lastDraft, user } = renderCard(
      def,
      on(def, { categories: ['Furniture'], min: 0, max: 10 }),
    );
    await user.type(within(card).getByRole('spinbutton', { name: `${label(def)} Max` }), '0');
    expect(lastDraft()).toEqual({ enabled: true, value: { categories: ['Furniture'], min: 0, max: 100 } });
  });

  it('product_ids: typing IDs one per line, then choosing Exclude keeps the text', async () => {
    const def = ofKind('product_ids');
    const { card, lastDraft, user } = renderCard(def, on(def));
    await user.type(within(card).getByRole('textbox', { name: label(def) }), 'B000000001{Enter}B000000002');
    expect(lastDraft()).toEqual({ enabled: true, value: { text: 'B000000001\nB000000002', mode: 'only' } });
    await user.click(within(card).getByText('Exclude'));
    expect(lastDraft()).toEqual({
      enabled: true,
      value: { text: 'B000000001\nB000000002', mode: 'exclude' },
    });
  });
});

describe('FilterCard decorations', () => {
  const dependent = FILTERS.find((f) => f.dependsOnSettings && f.kind === 'range')!;

  it('disables the switch of a filter that needs settings when the report has none, and hides its input', async () => {
    const { card, onDraft, user } = renderCard(dependent, {
      settingsDefined: false,
      draft: { enabled: true, value: { min: 1, max: 2 } },
    });
    const toggle = within(card).getByRole('switch', { name: `Enable ${label(dependent)}` });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(within(card).queryByRole('spinbutton')).toBeNull();
    await user.click(toggle);
    expect(onDraft).not.toHaveBeenCalled();
  });

  it('enables the same filter once the report has settings', () => {
    const { card } = renderCard(dependent, {
      settingsDefined: true,
      draft: { enabled: true, value: { min: 1, max: 2 } },
    });
    expect(within(card).getByRole('switch', { name: `Enable ${label(dependent)}` })).toBeEnabled();
    expect(within(card).getByRole('spinbutton', { name: `${label(dependent)} Min` })).toHaveValue('1');
  });

  it('keeps filters that do not need settings usable without settings', () => {
    const def = FILTERS.find((f) => !f.dependsOnSettings)!;
    const { card } = renderCard(def, { settingsDefined: false });
    expect(within(card).getByRole('switch', { name: `Enable ${label(def)}` })).toBeEnabled();
  });

  it('shows the New tag on a new filter only', () => {
    const fresh = FILTERS.find((f) => f.isNew)!;
    const old = FILTERS.find((f) => !f.isNew)!;
    const { card } = renderCard(fresh);
    expect(within(card).getByText('New')).toBeInTheDocument();
    const { card: oldCard } = renderCard(old);
    expect(within(oldCard).queryByText('New')).toBeNull();
  });

  it("shows the filter's hint", () => {
    const def = FILTERS.find((f) => f.hintKey)!;
    const { card } = renderCard(def);
    expect(within(card).getByText(i18n.t(def.hintKey!))).toBeInTheDocument();
  });

  it('prefixes both bounds of a money filter with the currency symbol', () => {
    const money = FILTERS.find((f) => f.currency && f.kind === 'range' && !f.dependsOnSettings)!;
    const { card } = renderCard(money, {
      currencySymbol: '€',
      draft: { enabled: true, value: { min: 1, max: 5 } },
    });
    expect(within(card).getAllByText('€')).toHaveLength(2);
  });

  it('shows no currency symbol on a filter that is not money', () => {
    const def = FILTERS_BY_ID.get('cross_delivery_days')!;
    expect(def.currency).toBeNull();
    const { card } = renderCard(def, {
      currencySymbol: '€',
      draft: { enabled: true, value: { min: 1, max: 5 } },
    });
    expect(within(card).queryByText('€')).toBeNull();
  });

  it("shows the card's error, translated, while the card is on", () => {
    const def = ofKind('range');
    const { card } = renderCard(def, {
      error: 'validation.filters.rangeEmpty',
      draft: { enabled: true, value: { min: null, max: null } },
    });
    expect(within(card).getByRole('alert')).toHaveTextContent('Enter a minimum or a maximum');
  });

  it('hides the error of a switched-off card', () => {
    const def = ofKind('range');
    const { card } = renderCard(def, {
      error: 'validation.filters.rangeEmpty',
      draft: { enabled: false, value: { min: null, max: null } },
    });
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('names the switch and the input in Turkish', async () => {
    await changeLanguage('tr');
    const def = FILTERS_BY_ID.get('cross_fba_seller_ppr')!;
    const { card } = renderCard(def, { draft: { enabled: true, value: { min: 1, max: null } } });
    const name = i18n.t(def.labelKey);
    expect(name).toBe('FBA Satıcı PPR');
    expect(within(card).getByRole('switch', { name: `${name} filtresini etkinleştir` })).toBeChecked();
    expect(within(card).getAllByRole('spinbutton', { name: startsWith(name) })).toHaveLength(2);
    expect(within(card).getByText('Yeni')).toBeInTheDocument();
  });
});

describe('catalogue texts', () => {
  it.each(['en', 'tr'] as const)('every filter has its label and hint in %s', (lng) => {
    for (const def of FILTERS) {
      for (const key of [def.labelKey, def.hintKey].filter((k): k is string => !!k)) {
        expect(i18n.getResource(lng, 'translation', key), `${key} in ${lng}`).toEqual(expect.any(String));
      }
    }
  });
});
