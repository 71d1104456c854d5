import { Col, Form, Input, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../../lib/countries';
import { zodRules, type SchemaPick } from '../../../lib/zod-form';
import type { Me } from '../api/use-me';

/** A profile as the address fields' initial values (empty instead of null, so fields start blank). */
export function addressValues(p: Me['profile']) {
  const { first_name, second_name, last_name, phone_number, address, country, state, city, postal_code } = p;
  const values = {
    first_name,
    second_name,
    last_name,
    phone_number,
    address,
    country,
    state,
    city,
    postal_code,
  };
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? undefined]));
}

/** The personal fields shared by the onboarding Info step and Settings → Profile. */
export function AddressFields({ pick }: { pick: SchemaPick }) {
  const { t, i18n } = useTranslation();
  // Marked before submit (issue 46): every field but the second name is required by the schema.
  const item = (name: string, label: string, input: ReactNode, span = 12) => (
    <Col xs={24} md={span}>
      <Form.Item name={name} label={t(label)} rules={zodRules(pick, name)} required={name !== 'second_name'}>
        {input}
      </Form.Item>
    </Col>
  );
  return (
    <Row gutter={16}>
      {item('first_name', 'profile.firstName', <Input autoComplete="given-name" />, 8)}
      {item('second_name', 'profile.secondName', <Input autoComplete="additional-name" />, 8)}
      {item('last_name', 'profile.lastName', <Input autoComplete="family-name" />, 8)}
      {item(
        'phone_number',
        'profile.phone',
        <Input type="tel" autoComplete="tel" placeholder="+90 532 123 45 67" />,
      )}
      {item(
        'country',
        'profile.country',
        <Select showSearch={{ optionFilterProp: 'search' }} options={countryOptions(i18n.language)} />,
      )}
      {item('address', 'profile.address', <Input autoComplete="street-address" />, 24)}
      {item('state', 'profile.state', <Input autoComplete="address-level1" />, 8)}
      {item('city', 'profile.city', <Input autoComplete="address-level2" />, 8)}
      {item('postal_code', 'profile.postalCode', <Input autoComplete="postal-code" />, 8)}
    </Row>
  );
}
