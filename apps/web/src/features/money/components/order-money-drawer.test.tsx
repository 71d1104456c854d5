import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-routes';
import { AMAZON_ORDER_ID, MONEY_ORDER_ID, orderMoneyFixture } from '../test/fixtures';
import { OrderMoneyDrawer, OrderMoneyButton, type OrderMoneyTarget } from './order-money-drawer';

const BY_ORDER = `/api/orders/${MONEY_ORDER_ID}/money`;
const COSTS = `/api/orders/${MONEY_ORDER_ID}/costs`;

const renderDrawer = (target: OrderMoneyTarget) =>
  renderRoutes([{ path: '/', element: <OrderMoneyDrawer target={target} onClose={() => {}} /> }], '/');

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('an order’s estimate against its actual', () => {
  it('shows each line side by side, the flagged one with its rule, Amazon’s lines and the held money', async () => {
    fakeApi((url) =>
      url === `/api/money/orders/${AMAZON_ORDER_ID}` ? { body: orderMoneyFixture() } : undefined,
    );
    renderDrawer({ ref: { amazonOrderId: AMAZON_ORDER_ID }, orderId: MONEY_ORDER_ID });
    const view = await screen.findByTestId('order-money');
    expect(screen.getByText(`Money of order ${AMAZON_ORDER_ID}`)).toBeInTheDocument();
    expect(within(view).getByTestId('order-money-net')).toHaveTextContent('Amazon paid CA$44.99');
    expect(within(view).getByTestId('order-money-pending')).toHaveTextContent(
      'Pending until November 2, 2026',
    );

    const compare = within(view).getByTestId('money-compare');
    const referral = within(compare).getByText('Referral fee').closest('tr')!;
    expect(referral).toHaveClass('money-flagged');
    expect(referral).toHaveTextContent('CA$9.00');
    expect(referral).toHaveTextContent('CA$15.00');
    expect(referral).toHaveTextContent('+CA$6.00');
    expect(within(referral).getByTestId('flagged-referral_fee')).toHaveTextContent(
      'Beyond 5 %Estimated by: Our category table',
    );
    const sale = within(compare).getByText('Sale price').closest('tr')!;
    expect(sale).not.toHaveClass('money-flagged');
    expect(within(compare).getByText('International shipping').closest('tr')).toHaveTextContent(
      'Not recorded',
    );

    const lines = within(view).getByTestId('money-lines');
    const commission = within(lines).getByText('Commission').closest('tr')!;
    expect(commission).toHaveTextContent('Transactions');
    expect(commission).toHaveTextContent('-CA$15.00');
    expect(commission).toHaveTextContent('Deferred until November 2, 2026');
    expect(commission).toHaveTextContent('Yes');
  });

  it('says there is no money for an order it does not know (or another seller’s)', async () => {
    fakeApi((url) =>
      url === BY_ORDER
        ? {
            status: 404,
            body: { error: { code: 'not_found', message: 'This order has no money recorded.' } },
          }
        : undefined,
    );
    renderDrawer({ ref: { orderId: MONEY_ORDER_ID }, orderId: MONEY_ORDER_ID });
    expect(await screen.findByTestId('order-money-not-found')).toHaveTextContent(
      'No money recorded for this order',
    );
  });

  it('says a read failed, and reads again when asked', async () => {
    let failing = true;
    fakeApi((url) =>
      url !== BY_ORDER
        ? undefined
        : failing
          ? { status: 503, body: { error: { code: 'unavailable', message: 'Try later.' } } }
          : { body: orderMoneyFixture() },
    );
    const { user } = renderDrawer({ ref: { orderId: MONEY_ORDER_ID }, orderId: MONEY_ORDER_ID });
    const error = await screen.findByTestId('order-money-error');
    failing = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('order-money')).toBeInTheDocument();
  });

  it('takes the forwarder and duty with the schema’s messages, and saves them', async () => {
    let saved: unknown;
    const api = fakeApi((url, init) => {
      if (url === BY_ORDER) return { body: orderMoneyFixture() };
      if (url === COSTS && init?.method === 'PUT') {
        saved = JSON.parse(String(init.body));
        return {
          body: orderMoneyFixture({
            costs: {
              currency: 'USD',
              forwarder: 12.5,
              clearance: null,
              duty: null,
              import_tax: null,
              updated_at: '2026-11-28T10:00:00.000Z',
            },
          }),
        };
      }
      return undefined;
    });
    const { user } = renderDrawer({ ref: { orderId: MONEY_ORDER_ID }, orderId: MONEY_ORDER_ID });
    const form = await screen.findByTestId('order-costs-form');
    const forwarder = within(form).getByLabelText("Forwarder's bill");
    await user.type(forwarder, '12.345');
    await user.click(within(form).getByRole('button', { name: 'Save costs' }));
    expect(
      await within(form).findByText(
        "Give the forwarder's cost as an amount of at least 0 with at most two decimals.",
      ),
    ).toBeInTheDocument();
    expect(api.mock.calls.some(([u]) => String(u) === COSTS)).toBe(false);

    await user.clear(forwarder);
    await user.type(forwarder, '12.50');
    await user.click(within(form).getByLabelText('Currency'));
    await user.click(await screen.findByTitle('USD'));
    await user.click(within(form).getByRole('button', { name: 'Save costs' }));
    await waitFor(() =>
      expect(saved).toEqual({
        currency: 'USD',
        forwarder: 12.5,
        clearance: null,
        duty: null,
        import_tax: null,
      }),
    );
    expect(await screen.findByText('Costs saved.')).toBeInTheDocument();
  });

  it('names the field the server refused: a currency the estimate never used', async () => {
    fakeApi((url, init) => {
      if (url === BY_ORDER) return { body: orderMoneyFixture() };
      if (url === COSTS && init?.method === 'PUT')
        return {
          status: 400,
          body: {
            error: {
              code: 'validation',
              message: 'Invalid body',
              fields: [
                {
                  field: 'currency',
                  key: 'validation.money.costCurrency',
                  message: 'bad',
                  params: { currencies: 'CAD, USD' },
                },
              ],
            },
          },
        };
      return undefined;
    });
    const { user } = renderDrawer({ ref: { orderId: MONEY_ORDER_ID }, orderId: MONEY_ORDER_ID });
    const form = await screen.findByTestId('order-costs-form');
    await user.type(within(form).getByLabelText('Duty'), '3');
    await user.click(within(form).getByLabelText('Currency'));
    await user.click(await screen.findByTitle('GBP'));
    await user.click(within(form).getByRole('button', { name: 'Save costs' }));
    expect(await within(form).findByText('Enter the costs in one of CAD, USD.')).toBeInTheDocument();
  });

  it('offers no costs form for an order Crossmarket does not follow, and says when there is no estimate', async () => {
    fakeApi((url) =>
      url === `/api/money/orders/${AMAZON_ORDER_ID}`
        ? { body: orderMoneyFixture({ has_estimate: false, pending: false, release_at: null }) }
        : undefined,
    );
    renderDrawer({ ref: { amazonOrderId: AMAZON_ORDER_ID }, orderId: null });
    const view = await screen.findByTestId('order-money');
    expect(within(view).queryByTestId('order-costs-form')).toBeNull();
    expect(view).toHaveTextContent('Costs can be entered for orders Crossmarket follows');
    expect(view).toHaveTextContent('Crossmarket has no estimate for this order');
    expect(view).toHaveTextContent('Released');
  });

  it('opens from the orders drawer’s Money button', async () => {
    fakeApi((url) => (url === BY_ORDER ? { body: orderMoneyFixture() } : undefined));
    const { user } = renderRoutes(
      [{ path: '/', element: <OrderMoneyButton orderId={MONEY_ORDER_ID} /> }],
      '/',
    );
    await user.click(screen.getByRole('button', { name: 'Money' }));
    expect(await screen.findByTestId('order-money')).toBeInTheDocument();
  });
});
