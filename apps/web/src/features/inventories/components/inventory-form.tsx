import {
  defaultReportSettings,
  INVENTORY_FROM_COUNTRIES,
  INVENTORY_STORE_ID_MAX,
  INVENTORY_TITLE_MAX,
  INVENTORY_TO_COUNTRIES,
  type Inventory,
  type InventoryCreateInput,
  type RegionCode,
  type Settings,
} from '@crossmarket/domain';
import { App, Button, Col, Divider, Flex, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { zodRules } from '../../../lib/zod-form';
import { useFilterSets } from '../../filter-sets';
import { clearChangedErrors, SettingsFields, type SettingsScope } from '../../pricing-settings';
import { useAutoParity, useRatesToday } from '../api/exchange-rates';
import { useCreateInventory, useUpdateInventory } from '../api/inventories';
import { countryOption } from '../../../lib/country';

interface Values {
  title: string;
  from_country?: RegionCode;
  to_country?: RegionCode;
  sell_type: 'fbm';
  amazon_store_id?: string | null;
  filter_id?: string | null;
  settings: Settings;
}

// Module constants: the settings fields' effects depend on their scope staying the same object.
const CREATE_SCOPE: SettingsScope = { prefix: ['settings'], pick: (s) => s.inventoryCreateSchema };
const UPDATE_SCOPE: SettingsScope = { prefix: ['settings'], pick: (s) => s.inventoryUpdateSchema };
const TOAST = 'inventory-save';

/** Countries a new inventory starts with (a report's, when created from it). */
export type InventoryCountries = { from: RegionCode; to: RegionCode };

const initialValues = (inventory: Inventory | undefined, countries?: InventoryCountries): Values =>
  inventory
    ? {
        title: inventory.title,
        from_country: inventory.from_country,
        to_country: inventory.to_country,
        sell_type: 'fbm',
        amazon_store_id: inventory.amazon_store_id ?? '',
        filter_id: inventory.filter_id,
        settings: inventory.settings,
      }
    : {
        title: '',
        // Only countries an inventory may use: anything else would start the form refused.
        from_country: countries && INVENTORY_FROM_COUNTRIES.includes(countries.from) ? countries.from : 'us',
        to_country: countries && INVENTORY_TO_COUNTRIES.includes(countries.to) ? countries.to : undefined,
        sell_type: 'fbm',
        amazon_store_id: '',
        filter_id: null,
        // Auto parity fills in once both countries are chosen.
        settings: defaultReportSettings(1),
      };

/**
 * The inventory form of the Create New and Settings drawers: name, countries, sell type, store ID, an
 * optional filter set, and the report's settings fields under `settings`. Checked on submit by the
 * schema the server uses (create or update); a field's message goes as soon as that field changes.
 */
export function InventoryForm({
  inventory,
  countries,
  onSaved,
}: {
  inventory?: Inventory;
  countries?: InventoryCountries;
  onSaved: (saved: Inventory) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  // Untyped: the settings are addressed by computed paths (settings.pricing_rules.3.min_rate).
  const [form] = Form.useForm();
  const create = useCreateInventory();
  const update = useUpdateInventory();
  const filterSets = useFilterSets();
  const from = Form.useWatch('from_country', form) as RegionCode | undefined;
  const to = Form.useWatch('to_country', form) as RegionCode | undefined;
  const autoParity = useAutoParity(from, to);
  const table = useRatesToday();
  const scope = inventory ? UPDATE_SCOPE : CREATE_SCOPE;
  const pick = scope.pick;
  // Products were looked up for these countries: they stay while the inventory holds any.
  const countriesLocked = (inventory?.products_count ?? 0) > 0;

  const submit = async () => {
    let values: Values;
    try {
      values = (await form.validateFields({ recursive: true })) as Values;
    } catch {
      return;
    }
    const body = {
      ...values,
      title: values.title.trim(),
      amazon_store_id: values.amazon_store_id?.trim() || null,
      filter_id: values.filter_id ?? null,
    } as InventoryCreateInput;
    void message.open({ key: TOAST, type: 'loading', content: t('common.loading'), duration: 0 });
    try {
      const saved = inventory
        ? await update.mutateAsync({ id: inventory.id, ...body })
        : await create.mutateAsync(body);
      void message.open({
        key: TOAST,
        type: 'success',
        content: t(inventory ? 'inventoriesPage.updated' : 'inventoriesPage.created'),
      });
      onSaved(saved);
    } catch (error) {
      console.error('Saving the inventory failed', error);
      // A refusal that names fields (the server checks the same schema) shows on those fields too.
      if (error instanceof ApiError && error.fields.length > 0) {
        form.setFields(
          error.fields.map((f) => ({
            name: f.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
            errors: [t(f.key, f.params ?? {})],
          })),
        );
      }
      // A refusal with a text of its own (the plan's inventories all in use: how many it allows) says
      // it; anything else only "Failed", its fields' texts being on the fields.
      void message.open({
        key: TOAST,
        type: 'error',
        content: errorMessage(error, t, { fallback: t('inventoriesPage.failed') }),
      });
    }
  };

  const pending = create.isPending || update.isPending;
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues(inventory, countries)}
      validateTrigger={[]}
      onValuesChange={clearChangedErrors(form)}
      onFinish={() => void submit()}
      data-testid="inventory-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="title" label={t('inventoriesPage.form.title')} rules={zodRules(pick, 'title')}>
            <Input maxLength={INVENTORY_TITLE_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="sell_type"
            label={t('inventoriesPage.form.sellType')}
            rules={zodRules(pick, 'sell_type')}
          >
            <Radio.Group
              optionType="button"
              options={[
                { value: 'fbm', label: t('inventoriesPage.form.sellTypes.fbm') },
                { value: 'fba', label: t('inventoriesPage.form.sellTypes.fba'), disabled: true },
              ]}
            />
          </Form.Item>
        </Col>
        {(
          [
            ['from_country', 'from', INVENTORY_FROM_COUNTRIES],
            ['to_country', 'to', INVENTORY_TO_COUNTRIES],
          ] as const
        ).map(([name, label, countries]) => (
          <Col xs={24} md={12} key={name}>
            <Form.Item
              name={name}
              label={t(`inventoriesPage.form.${label}`)}
              rules={zodRules(pick, name)}
              extra={
                name === 'from_country' && countriesLocked
                  ? t('inventoriesPage.form.countriesLocked')
                  : undefined
              }
            >
              <Select
                options={countries.map((c) => countryOption(c, i18n.language))}
                disabled={countriesLocked}
                placeholder={t('inventoriesPage.form.countryPlaceholder')}
              />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item
            name="amazon_store_id"
            label={t('inventoriesPage.form.storeId')}
            rules={zodRules(pick, 'amazon_store_id')}
          >
            <Input maxLength={INVENTORY_STORE_ID_MAX} placeholder={t('inventoriesPage.form.optional')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="filter_id"
            label={t('inventoriesPage.form.filterSet')}
            rules={zodRules(pick, 'filter_id')}
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={filterSets.isLoading}
              placeholder={t('inventoriesPage.form.noFilterSet')}
              notFoundContent={t('reportDetail.notFound')}
              options={filterSets.data?.map((s) => ({
                value: s.id,
                label: `${s.name} (${t('inventoriesPage.filtersCount', { count: s.filters_count })})`,
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('inventoriesPage.form.settings')}</Divider>
      <SettingsFields
        form={form}
        autoParity={autoParity}
        scope={scope}
        ratesToday={from && to ? { from, to, table } : null}
      />
      <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={pending}>
          {t(inventory ? 'common.save' : 'inventoriesPage.form.create')}
        </Button>
      </Flex>
    </Form>
  );
}
