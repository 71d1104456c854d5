import {
  checkTypedParity,
  PRESET_RULE_SETS,
  type RatesToday,
  type RegionCode,
  type Settings,
} from '@crossmarket/domain';
import {
  Alert,
  App,
  Button,
  Col,
  Divider,
  Flex,
  Form,
  InputNumber,
  Radio,
  Row,
  Select,
  Typography,
  type FormInstance,
} from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { zodRules } from '../../../lib/zod-form';
import { PricingRules } from './pricing-rules';
import { REPORT_SETTINGS_SCOPE, SettingsScopeContext, type SettingsScope } from './settings-scope';

type Path = (string | number)[];
type Preset = keyof typeof PRESET_RULE_SETS;

/** Every path of an antd `onValuesChange` object: `{ pricing_rules: [, { min_rate }] }` → pricing_rules.1.min_rate. */
export function changedPaths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value))
    return value.flatMap((v, i) => (v === undefined ? [] : changedPaths(v, [...prefix, i])));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => changedPaths(v, [...prefix, k]));
  return [prefix];
}

/** A form's `onValuesChange`: a field's message goes as soon as that field changes. */
export const clearChangedErrors = (form: FormInstance) => (changed: unknown) =>
  form.setFields(changedPaths(changed).map((name) => ({ name, errors: [] })));

/**
 * Puts settings in (a preset, a reset, a loaded inventory) in place of what was typed: their messages go
 * too. Every field under a replaced key is cleared, not only the paths sent: a list that grows
 * re-registers its rows, and a row's old message would otherwise outlive its value.
 */
export function replaceSettings(form: FormInstance, values: Partial<Settings>, prefix: Path = []) {
  const keys = new Set<unknown>(Object.keys(values));
  form.setFieldsValue(prefix.reduceRight<unknown>((inner, key) => ({ [key]: inner }), values));
  const under = (name: Path) => prefix.every((p, i) => name[i] === p) && keys.has(name[prefix.length]);
  const shown = form.getFieldsError().filter((f) => f.errors.length > 0 && under(f.name));
  form.setFields(
    [...changedPaths(values, prefix), ...shown.map((f) => f.name)].map((name) => ({ name, errors: [] })),
  );
}

export interface SettingsFieldsProps {
  form: FormInstance;
  /** The parity "Auto" stands for (the report's own, or the inventory's countries' rate); null: unknown yet. */
  autoParity: number | null;
  /** The settings' place in the form; the report's Settings tab by default. */
  scope?: SettingsScope;
  /** The countries and today's rates a typed ("Fixed") parity is checked against; absent: not checked. */
  ratesToday?: { from: RegionCode; to: RegionCode; table: RatesToday } | null;
}

/**
 * The general settings, the rule-set presets and the pricing rules: one component for the report's
 * Settings tab and the inventory form. Its form validates on submit; messages come from `scope.pick`.
 */
export function SettingsFields({
  form,
  autoParity,
  scope = REPORT_SETTINGS_SCOPE,
  ratesToday,
}: SettingsFieldsProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { prefix, pick } = scope;
  const at = (name: string) => [...prefix, name];
  const parityType = Form.useWatch(at('parity_type'), form) as Settings['parity_type'] | undefined;
  const parityPath = useMemo(() => [...prefix, 'parity'], [prefix]);
  const typed = Form.useWatch(parityPath, form) as number | null | undefined;
  // The money model compares (domain pricing/typed-parity.ts); the form only says what it found.
  const check =
    parityType === 'fixed' && ratesToday
      ? checkTypedParity(typed, ratesToday.from, ratesToday.to, ratesToday.table)
      : null;

  // Auto parity is not editable: it is the given rate (selling ÷ buying currency, two decimals).
  useEffect(() => {
    if (parityType === 'auto' && autoParity !== null) form.setFieldValue(parityPath, autoParity);
  }, [parityType, autoParity, form, parityPath]);

  const loadPreset = (preset: Preset) =>
    modal.confirm({
      title: t('reportDetail.settings.presetTitle'),
      content: t('reportDetail.settings.presetBody'),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      onOk: () => replaceSettings(form, { pricing_rules: structuredClone(PRESET_RULE_SETS[preset]) }, prefix),
    });

  const number = (name: keyof Settings, label: string, props: Parameters<typeof InputNumber>[0] = {}) => (
    <Col xs={24} sm={12} lg={8}>
      <Form.Item name={at(name)} label={label} rules={zodRules(pick, at(name))}>
        <InputNumber style={{ width: '100%' }} {...props} />
      </Form.Item>
    </Col>
  );

  return (
    <SettingsScopeContext.Provider value={scope}>
      <Row gutter={16}>
        {number('handling_time', t('reportDetail.settings.handlingTime'))}
        <Col xs={24} sm={12} lg={8}>
          <Form.Item
            name={at('parity_type')}
            label={t('reportDetail.settings.parityType')}
            rules={zodRules(pick, at('parity_type'))}
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
        {check?.warn && (
          <Col span={24}>
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="typed-parity-warning"
              title={t('reportDetail.settings.typedParity', {
                off: Math.round(check.off * 100),
                today: check.today.toFixed(2),
                rates: t(`ratesOf.${check.source}`, { date: dayjs(check.as_of).format('D MMMM YYYY') }),
              })}
            />
          </Col>
        )}
        {number('default_category_commission_rate', t('reportDetail.settings.commissionRate'), {
          min: 0,
          step: 0.001,
        })}
        <Col xs={24} sm={12} lg={8}>
          <Form.Item
            name={at('commission_rate_type')}
            label={t('reportDetail.settings.commissionRateType')}
            rules={zodRules(pick, at('commission_rate_type'))}
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
    </SettingsScopeContext.Provider>
  );
}
