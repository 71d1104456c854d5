import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countryOption, Flag, regionName } from './country';

describe('countries', () => {
  it('are named in the interface language, not kept in English', () => {
    expect(regionName('us', 'en')).toBe('United States');
    expect(regionName('us', 'tr')).toBe('Amerika Birleşik Devletleri');
    expect(regionName('uk', 'tr')).toBe('Birleşik Krallık');
    expect(countryOption('ca', 'tr')).toMatchObject({ value: 'ca', title: 'Kanada (CA)' });
  });

  it('draw their flag as a decorative SVG, never an emoji', () => {
    const { container } = render(<Flag code="ae" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('data-flag')).toBe('ae');
    expect(container.textContent).not.toMatch(/\p{Regional_Indicator}/u);
  });
});
