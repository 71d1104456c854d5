import { render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { countryOptions } from '../../../lib/countries';
import { AddressFields } from './address-fields';

// Issue 46: the onboarding's personal fields say what is required before submit, and the country search
// finds Türkiye by either name.

function renderFields() {
  render(
    <AppProviders>
      <Form layout="vertical">
        <AddressFields pick={(s) => s.profileSchema} />
      </Form>
    </AppProviders>,
  );
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}

const requiredMark = (label: string) =>
  screen.getByText(label, { selector: 'label' }).classList.contains('ant-form-item-required');

describe('the address fields', () => {
  it('mark every required field before anything is submitted, the second name not', () => {
    renderFields();
    for (const label of ['First name', 'Last name', 'Phone number', 'Country', 'Address', 'Postal code'])
      expect(requiredMark(label), label).toBe(true);
    expect(requiredMark('Second name')).toBe(false);
  });

  it('find Türkiye when "Turk" or "Turkey" is typed', async () => {
    const user = renderFields();
    await user.type(screen.getByLabelText('Country'), 'Turk');
    const turkey = countryOptions('en').find((o) => o.value === 'TR')!.label;
    expect(await screen.findByTitle(turkey)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Country'));
    await user.type(screen.getByLabelText('Country'), 'Turkey');
    expect(await screen.findByTitle(turkey)).toBeInTheDocument();
  });
});
