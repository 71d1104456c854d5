import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { TicketDrawer } from './ticket-drawer';

type Answer = { status: number; body: unknown };

/** fetch for /api/create-ticket that answers when the test says so, keeping the bodies it was sent. */
function ticketApi() {
  const bodies: unknown[] = [];
  let release: (answer: Answer) => void = () => {};
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    const answer = await new Promise<Answer>((resolve) => (release = resolve));
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { bodies, answer: (a: Answer) => release(a), fetchMock };
}

function renderDrawer() {
  const onClose = vi.fn();
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <TicketDrawer open onClose={onClose} />
      </AntApp>
    </AppProviders>,
  );
  return { user, onClose };
}

async function fill(user: ReturnType<typeof userEvent.setup>, topic: string, message: string) {
  await user.click(screen.getByRole('combobox', { name: 'Topic' }));
  await user.click(await screen.findByTitle(topic));
  await user.type(screen.getByRole('textbox', { name: 'Message' }), message);
}

const submit = () => screen.getByRole('button', { name: 'Submit' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the ticket drawer', () => {
  it('shows the topics, the 4-row message and the permission note, and asks for both fields', async () => {
    const api = ticketApi();
    const { user } = renderDrawer();
    expect(screen.getByText('Support Ticket')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('rows', '4');
    expect(screen.getByText(/permission to run the necessary tests/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Topic' }));
    for (const topic of ['Account', 'Reports', 'Payments', 'Other'])
      expect(await screen.findByTitle(topic)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(submit());
    expect(
      await screen.findByText('Explain your problem.', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Select your topic.', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('goes editing → submitting (fields disabled) → success', async () => {
    const api = ticketApi();
    const { user, onClose } = renderDrawer();
    await fill(user, 'Payments', 'My card was charged twice.');
    await user.click(submit());
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    // Only the topic and the message: the server knows who is asking.
    expect(api.bodies[0]).toEqual({ topic: 'payments', message: 'My card was charged twice.' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled());
    expect(screen.getByRole('combobox', { name: 'Topic' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Submit/ })).toBeDisabled();

    api.answer({ status: 201, body: { result: true, id: '7c1e2f3a-0000-4000-8000-000000000001' } });
    expect(await screen.findByText('Your support ticket submitted successfully.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'We will response to your question within 24 hours via your registered email address.',
      ),
    ).toBeInTheDocument();
    await user.click(within(screen.getByTestId('ticket-sent')).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says "An error occurred" and lets the user try again', async () => {
    const api = ticketApi();
    const { user } = renderDrawer();
    await fill(user, 'Reports', 'The report is stuck.');
    await user.click(submit());
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    api.answer({ status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled());
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('The report is stuck.');

    await user.click(submit());
    await waitFor(() => expect(api.bodies).toHaveLength(2));
    api.answer({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'You can send 5 tickets an hour.' } },
    });
    expect(await screen.findByText(/several tickets in the last hour/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred');
  });

  it("shows the server's field message on its field", async () => {
    const api = ticketApi();
    const { user } = renderDrawer();
    await fill(user, 'Other', 'Hello');
    await user.click(submit());
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    api.answer({
      status: 400,
      body: {
        error: {
          code: 'validation_error',
          message: 'Invalid body: message: Your message can be at most 5000 characters.',
          fields: [{ field: 'message', key: 'validation.support.messageTooLong', message: '…' }],
        },
      },
    });
    expect(await screen.findByText('Your message can be at most 5000 characters.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred');
  });
});
