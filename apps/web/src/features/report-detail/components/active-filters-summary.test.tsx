import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { ActiveFiltersSummary } from './active-filters-summary';
import type { Countries } from './product-cells';

const countries = {
  from: { flag_code: 'US' },
  to: { flag_code: 'CA' },
} as Countries;

describe('ActiveFiltersSummary', () => {
  it('lists each applied filter with its side, and removes the one clicked', () => {
    const onRemove = vi.fn();
    render(
      <AppProviders>
        <ActiveFiltersSummary
          filters={[
            { id: 'cross_sellers_count', value: { min: 1 } },
            { id: 'to_sellers_count', value: { min: 2 } },
          ]}
          countries={countries}
          onRemove={onRemove}
        />
      </AppProviders>,
    );
    const items = within(screen.getByRole('list', { name: 'Active filters:' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Sellers Count (US)', 'Sellers Count (CA)']);
    // The visible text starts the button's name (WCAG 2.5.3).
    fireEvent.click(screen.getByRole('button', { name: 'Sellers Count (CA): remove filter' }));
    expect(onRemove).toHaveBeenCalledWith('to_sellers_count');
  });

  it('shows nothing without applied filters', () => {
    const { container } = render(
      <AppProviders>
        <ActiveFiltersSummary filters={[]} countries={countries} onRemove={() => undefined} />
      </AppProviders>,
    );
    expect(container.querySelector('[data-testid="active-filters-summary"]')).toBeNull();
  });
});
