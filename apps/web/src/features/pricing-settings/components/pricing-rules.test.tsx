import { defaultFirstRule, MAX_PRICING_RULES, type PricingRule } from '@crossmarket/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp, Form, type FormInstance } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { PricingRules } from './pricing-rules';

/** A cost rule with distinct rates, so that each rule can be told apart on screen and in the values. */
const costRule = (start: number, end: number, min: number): PricingRule => ({
  rule_type: 'cost',
  threshold_start: start,
  threshold_end: end,
  rate_type: 'fixed',
  min_rate: min,
  std_rate: min + 10,
  max_rate: min + 50,
  stock: 5,
});

const FOUR_RULES: PricingRule[] = [
  defaultFirstRule(),
  costRule(0, 10, 31),
  costRule(10, 20, 32),
  costRule(20, 40, 33),
];

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The rules as the Settings tab holds them: inside an Ant Design form, under `pricing_rules`. */
function renderRules(rules: PricingRule[] = FOUR_RULES) {
  let form!: FormInstance;
  function Holder() {
    [form] = Form.useForm();
    return (
      <Form form={form} initialValues={{ pricing_rules: structuredClone(rules) }}>
        <PricingRules />
      </Form>
    );
  }
  render(
    <AppProviders>
      <AntApp>
        <Holder />
      </AntApp>
    </AppProviders>,
  );
  const values = () => form.getFieldValue('pricing_rules') as PricingRule[];
  return { form: () => form, values };
}

const rules = () => screen.queryAllByTestId(/^rule-\d+$/);
const rule = (n: number) => screen.getByTestId(`rule-${n - 1}`);
/**
 * The control named `label` by its aria-label. Testing Library's role and label queries walk the whole
 * document for every element, which takes minutes over thirty rules of Ant Design inputs in jsdom.
 */
const named = <E extends Element = HTMLElement>(label: string) =>
  document.querySelector<E>(`[aria-label="${CSS.escape(label)}"]`);
const minRate = (n: number) => named<HTMLInputElement>(`Min rate (%) (Rule ${n})`)!;
const addButton = () => screen.getByText('Add Rule').closest('button')!;
const moveHandle = (n: number) => named(`Move rule ${n}`);
const removeButton = (n: number) => named(`Remove rule ${n}`);
const minRates = (values: PricingRule[]) => values.map((r) => r.min_rate);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the first rule', () => {
  it('has no move handle, no remove button, a disabled rule and rate type and a fixed cost range', () => {
    renderRules();
    const first = rule(1);
    expect(within(first).getByText('Always applies')).toBeInTheDocument();
    expect(moveHandle(1)).toBeNull();
    expect(removeButton(1)).toBeNull();
    expect(first.querySelectorAll('button')).toHaveLength(0);
    expect(named('Rule type (Rule 1)')).toBeDisabled();
    // The first rule is fixed: prorated rates there would only be refused by the server.
    expect(named('Profit rate type (Rule 1)')).toBeDisabled();
    expect(named('From (Rule 1)')).toBeDisabled();
    expect(named('To (Rule 1)')).toBeDisabled();
  });

  it('the other rules can be moved, removed and retyped', () => {
    renderRules();
    for (const n of [2, 3, 4]) {
      expect(moveHandle(n)).toBeInTheDocument();
      expect(removeButton(n)).toBeInTheDocument();
      expect(named(`Rule type (Rule ${n})`)).toBeEnabled();
      expect(named(`Profit rate type (Rule ${n})`)).toBeEnabled();
      expect(within(rule(n)).queryByText('Always applies')).toBeNull();
    }
  });
});

describe('adding and removing rules', () => {
  it('Add Rule puts a movable, removable cost rule at the end', async () => {
    const { values } = renderRules([defaultFirstRule()]);
    await user().click(addButton());
    expect(rules()).toHaveLength(2);
    expect(moveHandle(2)).toBeInTheDocument();
    expect(removeButton(2)).toBeInTheDocument();
    expect(values()).toHaveLength(2);
    expect(values()[1]).toMatchObject({ rule_type: 'cost', rate_type: 'fixed', threshold_start: 0 });
    expect(values()[0]).toEqual(defaultFirstRule());
  });

  // Thirty-one rules of Ant Design inputs take a while to render in jsdom on a busy machine; clicks go
  // through fireEvent here because each user-event step re-renders every rule.
  const HEAVY = 120_000;

  it(
    `Add Rule is disabled at ${MAX_PRICING_RULES} rules and enabled again after a removal`,
    async () => {
      expect(MAX_PRICING_RULES).toBe(31);
      const { form, values } = renderRules();
      const thirty = [defaultFirstRule(), ...Array.from({ length: 29 }, (_, i) => costRule(i, i + 1, 1))];
      act(() => form().setFieldValue('pricing_rules', thirty));
      expect(rules()).toHaveLength(30);
      expect(addButton()).toBeEnabled();

      fireEvent.click(addButton());
      expect(rules()).toHaveLength(31);
      expect(values()).toHaveLength(31);
      expect(addButton()).toBeDisabled();
      fireEvent.click(addButton());
      expect(values()).toHaveLength(31);

      fireEvent.click(removeButton(31)!);
      expect(rules()).toHaveLength(30);
      expect(addButton()).toBeEnabled();
    },
    HEAVY,
  );

  it('removing a rule removes that rule, and the ones below move up', async () => {
    const { values } = renderRules();
    await user().click(removeButton(3)!);
    expect(rules()).toHaveLength(3);
    expect(minRates(values())).toEqual([10, 31, 33]);
    // Rule 4 is now rule 3, on screen too.
    expect(minRate(3)).toHaveValue('33.0');
    expect(removeButton(4)).toBeNull();
  });
});

describe('reordering', () => {
  /**
   * jsdom lays nothing out; dnd-kit measures the rules to know which is above which. Each rule gets a
   * 100px-high box in its current order.
   */
  beforeEach(() => {
    const original = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const index = /^rule-(\d+)$/.exec(this.getAttribute('data-testid') ?? '')?.[1];
      if (index === undefined) return original.call(this);
      const top = Number(index) * 100;
      return DOMRect.fromRect({ x: 0, y: top, width: 800, height: 100 });
    });
  });

  async function keyboardMove(n: number, keys: string) {
    const handle = moveHandle(n)!;
    act(() => handle.focus());
    const u = user();
    await u.keyboard('[Space]');
    await u.keyboard(keys);
    await u.keyboard('[Space]');
  }

  it('moves a rule down with Space, ArrowDown, Space', async () => {
    const { values } = renderRules();
    await keyboardMove(2, '[ArrowDown]');
    await waitFor(() => expect(minRates(values())).toEqual([10, 32, 31, 33]));
    expect(minRate(2)).toHaveValue('32.0');
    expect(minRate(3)).toHaveValue('31.0');
  });

  it('moves a rule up with Space, ArrowUp, Space', async () => {
    const { values } = renderRules();
    await keyboardMove(4, '[ArrowUp]');
    await waitFor(() => expect(minRates(values())).toEqual([10, 31, 33, 32]));
  });

  it('never lets a rule take the first rule’s place', async () => {
    const { values } = renderRules();
    await keyboardMove(2, '[ArrowUp]');
    await keyboardMove(3, '[ArrowUp][ArrowUp][ArrowUp]');
    await waitFor(() => expect(minRates(values())).toEqual([10, 32, 31, 33]));
    expect(values()[0]).toEqual(defaultFirstRule());
  });
});
