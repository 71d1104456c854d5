import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Options, type OptionsDeps } from '../src/options/options';
import type { Outcome } from '../src/shared/protocol';
import { normaliseServer } from '../src/shared/settings';

// The options page: the address and token are checked before anything is stored, the browser is asked
// for the address, and the server's verdict on the token is said (a refused token is not kept).

const TOKEN = `cm_${'T'.repeat(64)}`;

function renderOptions(
  verify: Outcome<{ r_count: number }>,
  allowed = true,
  probe: Outcome<null> = verify.ok ? { ok: true, data: null } : verify,
) {
  const deps: OptionsDeps = {
    send: vi.fn(async (r: { type: string }) =>
      r.type === 'probe' ? probe : verify,
    ) as unknown as OptionsDeps['send'],
    load: vi.fn(async () => ({})),
    save: vi.fn(async () => {}),
    remove: vi.fn(async () => {}),
    allow: vi.fn(async () => allowed),
  };
  render(<Options lang="en" deps={deps} initial={{}} />);
  return { deps, user: userEvent.setup() };
}

const fill = async (user: ReturnType<typeof userEvent.setup>, server: string, token: string) => {
  const address = screen.getByLabelText('Crossmarket address');
  await user.clear(address);
  await user.type(address, server);
  await user.type(screen.getByLabelText('Personal API token'), token);
  await user.click(screen.getByRole('button', { name: 'Save and check' }));
};

describe('the options page', () => {
  it('starts from the build’s server, and saves a verified token for its origin', async () => {
    const { deps, user } = renderOptions({ ok: true, data: { r_count: 0 } });
    expect(screen.getByLabelText('Crossmarket address')).toHaveValue('http://localhost:3000');
    await fill(user, 'https://crossmarket.example/reports?x=1', TOKEN);
    expect(await screen.findByRole('status')).toHaveTextContent(/^Signed in\./);
    expect(deps.allow).toHaveBeenCalledWith('https://crossmarket.example');
    expect(deps.save).toHaveBeenCalledWith({ server: 'https://crossmarket.example', token: TOKEN });
    expect(screen.getByLabelText('Personal API token')).toHaveValue('');
  });

  it('refuses a bad address or token before storing anything', async () => {
    const { deps, user } = renderOptions({ ok: true, data: { r_count: 0 } });
    await fill(user, 'ftp://crossmarket.example', TOKEN);
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter an address starting with https://');
    await fill(user, 'https://crossmarket.example', 'not-a-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('Paste the whole token');
    expect(deps.save).not.toHaveBeenCalled();
  });

  it('says when the browser does not allow the address', async () => {
    const { deps, user } = renderOptions({ ok: true, data: { r_count: 0 } }, false);
    await fill(user, 'https://crossmarket.example', TOKEN);
    expect(await screen.findByRole('alert')).toHaveTextContent('did not allow');
    expect(deps.save).not.toHaveBeenCalled();
  });

  it('removes a token Crossmarket refuses', async () => {
    const { deps, user } = renderOptions({ ok: false, reason: 'signed-out' });
    await fill(user, 'https://crossmarket.example', TOKEN);
    expect(await screen.findByRole('alert')).toHaveTextContent('did not accept this token');
    expect(deps.remove).toHaveBeenCalledWith(['token']);
  });
});

describe('a first sign-in that fails (issue 46)', () => {
  it('keeps the token in its field when the address does not answer', async () => {
    const { user } = renderOptions({ ok: false, reason: 'unreachable' });
    await fill(user, 'http://localhost:4100', TOKEN);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing answers at this address');
    expect(screen.getByLabelText('Personal API token')).toHaveValue(TOKEN);
  });

  it('tests the address alone before saving anything', async () => {
    const { deps, user } = renderOptions({ ok: true, data: { r_count: 0 } }, true, {
      ok: false,
      reason: 'unreachable',
    });
    const address = screen.getByLabelText('Crossmarket address');
    await user.clear(address);
    await user.type(address, 'http://localhost:4100/settings');
    await user.click(screen.getByRole('button', { name: 'Test address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing answers at this address');
    expect(deps.allow).toHaveBeenCalledWith('http://localhost:4100');
    expect(deps.send).toHaveBeenCalledWith({ type: 'probe', server: 'http://localhost:4100' });
    expect(deps.save).not.toHaveBeenCalled();
  });

  it('says when Crossmarket answers at the address', async () => {
    const { user } = renderOptions({ ok: true, data: { r_count: 0 } });
    await user.click(screen.getByRole('button', { name: 'Test address' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Crossmarket answers at this address.');
  });
});

describe('the address the token may go to', () => {
  it('is https, or plain http only to this computer', () => {
    expect(normaliseServer(' https://app.example.com/settings ')).toBe('https://app.example.com');
    expect(normaliseServer('http://127.0.0.1:4173/x')).toBe('http://127.0.0.1:4173');
    expect(normaliseServer('http://localhost:3000')).toBe('http://localhost:3000');
    expect(normaliseServer('http://app.example.com')).toBeNull();
    expect(normaliseServer('ftp://app.example.com')).toBeNull();
    expect(normaliseServer('not an address')).toBeNull();
  });
});
