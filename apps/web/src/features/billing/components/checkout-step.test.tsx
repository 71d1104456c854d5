import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import type { PlanCard } from '../../plans';
import { CheckoutStep } from './checkout-step';

// Stripe.js cannot load offline; these stand in for js.stripe.com so the Stripe-mode wiring is checked.
const stripe = vi.hoisted(() => ({
  confirmCardPayment: vi.fn(),
  confirmCardSetup: vi.fn(),
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => stripe) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  CardElement: () => <div data-testid="card-element" />,
  useStripe: () => stripe,
  useElements: () => ({ getElement: () => 'the-card-element' }),
}));

const plan: PlanCard = {
  code: 'L',
  name: 'Large',
  visible: true,
  order: 3,
  monthly_price: 7900,
  daily_report_quota: 5000,
  inventory_quota: 25000,
  send_limit: 5000,
  best_seller: true,
  price_id: 'price_live_l',
  points: [],
};

function api(payments: 'sandbox' | 'stripe') {
  return fakeApi((url) => {
    if (url === '/api/app-config')
      return {
        body: {
          providers: { payments, marketplace: 'sandbox' },
          stripe_publishable_key: payments === 'stripe' ? 'pk_test_x' : null,
        },
      };
    if (url === '/api/create-subscription')
      return { body: { result: true, client_secret: 'pi_1_secret_2', msg: '' } };
    if (url.startsWith('/api/payments')) return { body: [] };
    return undefined;
  });
}

const renderCheckout = () =>
  render(
    <AppProviders>
      <AntApp>
        <CheckoutStep plan={plan} onPaid={() => {}} />
      </AntApp>
    </AppProviders>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('checkout with Stripe', () => {
  it('takes the card in Stripe Elements and confirms the payment with Stripe.js', async () => {
    const fetch = api('stripe');
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    renderCheckout();
    expect(await screen.findByTestId('card-element')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card Number')).toBeNull();
    expect(screen.queryByText(/Sandbox payments/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Pay/ }));
    expect(await screen.findByTestId('payment-waiting')).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', {
      payment_method: { card: 'the-card-element' },
    });
    const urls = fetch.mock.calls.map(([u]) => String(u));
    expect(urls).toContain('/api/create-subscription');
    expect(urls).not.toContain('/api/sandbox/confirm-payment');
  });

  it("shows Stripe's decline message and keeps the form", async () => {
    api('stripe');
    stripe.confirmCardPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: /Pay/ }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('payment-waiting')).toBeNull());
  });
});

describe('checkout in the sandbox', () => {
  it('shows our card fields and the test-card hint, without Stripe.js', async () => {
    api('sandbox');
    renderCheckout();
    expect(await screen.findByText(/Sandbox payments/)).toBeInTheDocument();
    expect(screen.queryByTestId('card-element')).toBeNull();
    const { loadStripe } = await import('@stripe/stripe-js');
    expect(loadStripe).not.toHaveBeenCalled();
  });
});

describe('checkout without the configuration', () => {
  it('says the card form could not be loaded and loads it again on request', async () => {
    let down = true;
    const fetch = fakeApi((url) => {
      if (url === '/api/app-config')
        return down
          ? { status: 503, body: { error: { code: 'unavailable', message: 'down' } } }
          : {
              body: {
                providers: { payments: 'sandbox', marketplace: 'sandbox' },
                stripe_publishable_key: null,
              },
            };
      return undefined;
    });
    renderCheckout();
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(screen.getByText('An error occurred. Please try again later.')).toBeInTheDocument();
    down = false;
    await userEvent.click(retry);
    expect(await screen.findByText(/Sandbox payments/)).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([u]) => u === '/api/app-config').length).toBeGreaterThanOrEqual(2);
  });
});
