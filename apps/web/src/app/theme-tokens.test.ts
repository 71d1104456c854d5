import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { themeConfig } from './theme-tokens';

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
};
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

describe('theme tokens', () => {
  // A link or a table's plain button stays readable (WCAG AA, 4.5:1) while the pointer is on it or presses it.
  it.each(['light', 'dark'] as const)('hovered and pressed links hold 4.5:1 on the page in %s', (mode) => {
    const config = themeConfig(mode);
    const token = theme.getDesignToken(config);
    for (const colour of [token.colorLink, token.colorLinkHover, token.colorLinkActive]) {
      expect(contrast(colour, token.colorBgContainer), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
