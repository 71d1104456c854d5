import { defaultReportSettings, PRESET_RULE_SETS, type Settings } from '@crossmarket/domain';
import { App, Button, Col, Divider, Flex, Form, InputNumber, Radio, Row, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { zodRules, type SchemaPick } from '../../../lib/zod-form';
import type { ReportDetail } from '../api/report';
import { useSaveSettings } from '../api/settings';
import { LoadInventorySettings, SaveInventoryModal } from './inventory-settings-controls';
import { PricingRules } from './pricing-rules';

const pick: SchemaPick = (s) => s.settingsSchema;
type Preset = keyof typeof PRESET_RULE_SETS;

/** Every path of an antd `onValuesChange` object: `{ pricing_rules: [, { min_rate }] }` → pricing_rules.1.min_rate. */
type Path = (string | number)[];
function changedPaths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value))
    return value.flatMap((v, i) => (v === undefined ? [] : changedPaths(v, [...prefix, i])));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => changedPaths(v, [...prefix, k]));
  return [prefix];
}

/**
 * The report's settings: general fields and the pricing rules, checked on submit by the schema the
 * server uses; a field's message goes as soon as that field changes. Applying saves the settings, then
 * the table is fetched again with the current filters.
 */
export function SettingsTab({ report, onApplied }: { report: ReportDetail; onApplied: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  // Untyped: fields are addressed by computed paths (pricing_rules.3.min_rate).
  const [form] = Form.useForm();
  const save = useSaveSettings(report.id);
  const [saving, setSaving] = useState<Settings | null>(null);
  const parityType = Form.useWatch('parity_type', form);
  const defaults = () => defaultReportSettings(report.parity);

  // Auto parity is the report's own (selling ÷ buying currency rate, two decimals), not editable.
  useEffect(() => {
    if (parityType === 'auto') form.setFieldValue('parity', report.parity);
  }, [parityType, report.parity, form]);

  const apply = async () => {
    let values: Settings;
    try {
      values = (await form.validateFields({ recursive: true })) as Settings;
    } catch {
      return;
    }
    try {
      await save.mutateAsync(values);
      void message.success(t('reportDetail.settings.saved'));
      onApplied();
    } catch (error) {
      console.error('Saving settings failed', error);
      // A refusal that names fields (the server checks the same schema) shows on those fields too.
      if (error instanceof ApiError && error.fields.length > 0) {
        form.setFields(
          error.fields.map((f) => ({
            name: f.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
            errors: [t(f.key, f.params ?? {})],
          })),
        );
      }
      void message.error(t('validation.analysis.failed'));
    }
  };
  const saveAsInventory = async () => {
    try {
      setSaving((await form.validateFields({ recursive: true })) as Settings);
    } catch {
      // The form shows what to fix.
    }
  };
  // Values put in by a preset, a reset or a loaded inventory replace what was typed: its messages go too.
  // Every field under a replaced key is cleared, not only the paths sent: a list that grows re-registers
  // its rows, and a row's old message would otherwise outlive its value.
  const replace = (values: Partial<Settings>) => {
    const keys = new Set<unknown>(Object.keys(values));
    form.setFieldsValue(values);
    const shown = form.getFieldsError().filter((f) => f.errors.length > 0 && keys.has(f.name[0]));
    form.setFields(
      [...changedPaths(values), ...shown.map((f) => f.name)].map((name) => ({ name, errors: [] })),
    );
  };
  const confirm = (title: string, content: string, onOk: () => void) =>
    modal.confirm({ title, content, okText: t('common.yes'), cancelText: t('common.no'), onOk });
  const loadPreset = (preset: Preset) =>
    confirm(t('reportDetail.settings.presetTitle'), t('reportDetail.settings.presetBody'), () =>
      replace({ pricing_rules: structuredClone(PRESET_RULE_SETS[preset]) }),
    );
  const reset = () =>
    confirm(t('reportDetail.settings.resetTitle'), t('reportDetail.settings.resetBody'), () =>
      replace(defaults()),
    );

  const number = (name: keyof Settings, label: string, props: Parameters<typeof InputNumber>[0] = {}) => (
    <Col xs={24} sm={12} lg={8}>
      <Form.Item name={name} label={label} rules={zodRules(pick, name)}>
        <InputNumber style={{ width: '100%' }} {...props} />
      </Form.Item>
    </Col>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={report.settings ?? defaults()}
      validateTrigger={[]}
      onValuesChange={(changed) =>
        form.setFields(changedPaths(changed).map((name) => ({ name, errors: [] })))
      }
      onFinish={apply}
      data-testid="settings-form"
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <LoadInventorySettings report={report} onLoad={replace} />
      </Flex>
      <Row gutter={16}>
        {number('handling_time', t('reportDetail.settings.handlingTime'))}
        <Col xs={24} sm={12} lg={8}>
          <Form.Item
            name="parity_type"
            label={t('reportDetail.settings.parityType')}
            rules={zodRules(pick, 'parity_type')}
          >
            <Radio.Group
              optionType="button"
              options={(['auto', 'fixed'] as const).map((v) => ({
                value: v,
                label: t(`reportDetail.settings.parityTypes.${v}`),
              }))}
            />
          </Form.Item>
        </Col>
        {number('parity', t('reportDetail.settings.parity'), { step: 0.01, disabled: parityType === 'auto' })}
        {number('default_category_commission_rate', t('reportDetail.settings.commissionRate'), {
          min: 0,
          step: 0.001,
        })}
        <Col xs={24} sm={12} lg={8}>
          <Form.Item
            name="commission_rate_type"
            label={t('reportDetail.settings.commissionRateType')}
            rules={zodRules(pick, 'commission_rate_type')}
          >
            <Select options={[{ value: 'fixed', label: t('reportDetail.settings.rateTypes.fixed') }]} />
          </Form.Item>
        </Col>
        {number('min_stock', t('reportDetail.settings.minStock'), { min: 0 })}
        {number('def_stock', t('reportDetail.settings.defStock'), { min: 0 })}
      </Row>
      <Divider titlePlacement="start">{t('reportDetail.settings.rules')}</Divider>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Typography.Text>{t('reportDetail.settings.presets')}</Typography.Text>
        {(Object.keys(PRESET_RULE_SETS) as Preset[]).map((p) => (
          <Button key={p} size="small" onClick={() => loadPreset(p)}>
            {t(`reportDetail.settings.presetNames.${p}`)}
          </Button>
        ))}
      </Flex>
      <Typography.Paragraph type="secondary">{t('reportDetail.settings.rulesNote')}</Typography.Paragraph>
      <PricingRules />
      <Flex gap={8} wrap style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('reportDetail.settings.apply')}
        </Button>
        <Button onClick={reset}>{t('reportDetail.settings.reset')}</Button>
        <Button onClick={() => void saveAsInventory()}>{t('reportDetail.inventories.save')}</Button>
      </Flex>
      <SaveInventoryModal report={report} settings={saving} onClose={() => setSaving(null)} />
    </Form>
  );
}
