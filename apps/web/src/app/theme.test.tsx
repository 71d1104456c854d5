import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSystemDark } from '../test/setup';
import { resolveThemeMode, ThemeProvider, useThemePreference } from './theme';

function Probe() {
  const { preference, systemMode, setPreference } = useThemePreference();
  return (
    <div>
      <span data-testid="mode">{resolveThemeMode(preference, systemMode, false)}</span>
      <span data-testid="preference">{preference}</span>
      <button onClick={() => setPreference('dark')}>dark</button>
      <button onClick={() => setPreference('system')}>system</button>
    </div>
  );
}

describe('resolveThemeMode', () => {
  it('uses the explicit choice, the OS for System, and light when the screen forces it', () => {
    expect(resolveThemeMode('dark', 'light', false)).toBe('dark');
    expect(resolveThemeMode('light', 'dark', false)).toBe('light');
    expect(resolveThemeMode('system', 'dark', false)).toBe('dark');
    expect(resolveThemeMode('system', 'light', false)).toBe('light');
    expect(resolveThemeMode('dark', 'dark', true)).toBe('light');
  });
});

describe('ThemeProvider', () => {
  it('defaults to System and follows the OS live', () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('preference')).toHaveTextContent('system');
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
    act(() => setSystemDark(true));
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
    act(() => setSystemDark(false));
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
  });

  it('remembers the choice in this browser', () => {
    const { unmount } = render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    act(() => screen.getByText('dark').click());
    expect(window.localStorage.getItem('crossmarket.theme')).toBe('dark');
    unmount();
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
  });

  it('ignores a corrupted stored value', () => {
    window.localStorage.setItem('crossmarket.theme', 'purple');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('preference')).toHaveTextContent('system');
  });
});
