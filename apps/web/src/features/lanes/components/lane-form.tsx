import {
  DEFAULT_DIM_DIVISOR,
  isStartingRateCard,
  laneOrderDays,
  regionByCode,
  startingRateCard,
  type RateCard,
  type LaneResponse,
  type LaneSettings,
  type RegionCode,
} from '@crossmarket/domain';
import {
  Alert,
  App,
  Button,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { clearChangedErrors } from '../../pricing-settings';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { zodRules, type SchemaPick } from '../../../lib/zod-form';
import { useSaveLane } from '../api/lanes';
import {
  LANE_CURRENCY_OPTIONS,
  LANE_FIELDS,
  ORDER_LANE_FIELD_NAMES,
  type LaneField,
  type MoneyPart,
} from '../lane-fields';
import { SourceShipsNote } from './source-ships-note';
import { StartingCardText } from './starting-card';

/** The server checks a PUT with this very schema: the form shows the same messages on the same fields. */
const pick: SchemaPick = (s) => s.laneSettingsSchema;

type Path = (string | number)[];

function MoneyPartInput({ part, path, label }: { part: MoneyPart; path: Path; label: string }) {
  const name = [...path, part.name];
  return (
    <Col xs={24} sm={12} lg={6}>
      <Form.Item name={name} label={label} rules={zodRules(pick, name)}>
        {part.kind === 'currency' ? (
          <Select aria-label={label} options={LANE_CURRENCY_OPTIONS.map((c) => ({ value: c, label: c }))} />
        ) : (
          <InputNumber
            style={{ width: '100%' }}
            min={0}
            step={part.kind === 'divisor' ? 500 : 0.01}
            aria-label={label}
          />
        )}
      </Form.Item>
    </Col>
  );
}

/** A setting that is an amount (a rate card, a fee) or not set at all: a switch, then its parts. */
function MoneyFieldInput({ field, currency }: { field: LaneField & { kind: 'money' }; currency: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  // `preserve`: the switch has no field of its own, so the value is read from the store.
  const value = Form.useWatch(field.name, { form, preserve: true }) as object | null | undefined;
  const label = t(`lanes.fields.${field.name}`);
  const fresh = Object.fromEntries(
    field.parts.map((p) => [
      p.name,
      p.kind === 'currency' ? currency : p.kind === 'divisor' ? DEFAULT_DIM_DIVISOR : 0,
    ]),
  );
  return (
    <Col span={24}>
      <Form.Item label={label} extra={t(`lanes.hints.${field.name}`)}>
        <Switch
          aria-label={label}
          checked={value != null}
          onChange={(on) => form.setFieldValue(field.name, on ? fresh : null)}
        />
      </Form.Item>
      {value != null && (
        <Row gutter={16}>
          {field.parts.map((part) => (
            <MoneyPartInput
              key={part.name}
              part={part}
              path={[field.name]}
              label={t(`lanes.fields.${field.name}_${part.name}`)}
            />
          ))}
        </Row>
      )}
    </Col>
  );
}

function FieldInput({
  field,
  currency,
  defaults,
}: {
  field: LaneField;
  currency: string;
  defaults: Partial<Record<keyof LaneSettings, string>>;
}) {
  const { t } = useTranslation();
  if (field.kind === 'money') return <MoneyFieldInput field={field} currency={currency} />;
  const label = t(`lanes.fields.${field.name}`);
  const common = {
    name: field.name,
    label,
    extra: t(`lanes.hints.${field.name}`),
    rules: zodRules(pick, field.name),
  };
  if (field.kind === 'choice')
    return (
      <Col xs={24} md={12}>
        <Form.Item {...common}>
          <Radio.Group
            optionType="button"
            aria-label={label}
            options={field.options.map((v) => ({ value: v, label: t(`lanes.options.${field.name}.${v}`) }))}
          />
        </Form.Item>
      </Col>
    );
  if (field.kind === 'text')
    return (
      <Col xs={24} lg={12}>
        <Form.Item {...common}>
          <Input.TextArea
            aria-label={label}
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={field.maxLength}
            placeholder={t('lanes.forwarderPlaceholder')}
          />
        </Form.Item>
      </Col>
    );
  if (field.kind === 'days')
    return (
      <Col xs={24} sm={8} lg={4}>
        <Form.Item {...common}>
          <InputNumber
            style={{ width: '100%' }}
            min={0}
            max={30}
            step={1}
            precision={0}
            aria-label={label}
            suffix={t('lanes.daysSuffix')}
          />
        </Form.Item>
      </Col>
    );
  // Switches carry no words inside: a control's name must hold its visible text (WCAG 2.5.3 Label in
  // Name), and a switch's state is read out as checked or not.
  if (field.kind === 'flag')
    return (
      <Col xs={24} md={12}>
        <Form.Item {...common} valuePropName="checked">
          <Switch aria-label={label} />
        </Form.Item>
      </Col>
    );
  return (
    <Col xs={24} md={12} lg={8}>
      <Form.Item {...common}>
        <InputNumber
          style={{ width: '100%' }}
          min={0}
          max={100}
          step={0.1}
          suffix="%"
          aria-label={label}
          placeholder={field.nullable ? (defaults[field.name] ?? t('lanes.countryDefault')) : undefined}
        />
      </Form.Item>
    </Col>
  );
}

/** What an order on the lane needs before it ships, in business days: the inventory's handling time should cover it. */
function OrderDaysTotal() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const purchase_days = Form.useWatch('purchase_days', { form, preserve: true }) as unknown;
  const inbound_days = Form.useWatch('inbound_days', { form, preserve: true }) as unknown;
  const forwarder_days = Form.useWatch('forwarder_days', { form, preserve: true }) as unknown;
  if (
    typeof purchase_days !== 'number' ||
    typeof inbound_days !== 'number' ||
    typeof forwarder_days !== 'number'
  )
    return null;
  return (
    <Typography.Paragraph data-testid="lane-order-days">
      {t('lanes.orderDays', { count: laneOrderDays({ purchase_days, inbound_days, forwarder_days }) })}
    </Typography.Paragraph>
  );
}

/**
 * A lane's settings, drawn from the field catalogue and checked with the domain's schema (the server's
 * own), saved with PUT. Reports keep the lane they were priced with; the note says how to re-price one.
 */
export function LaneForm({ lane }: { lane: LaneResponse }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // Untyped: field paths are built from the catalogue, and the schema is what checks the values.
  const [form] = Form.useForm();
  const save = useSaveLane();
  const route = (Form.useWatch('route', form) as LaneSettings['route'] | undefined) ?? lane.settings.route;
  const from = lane.from as RegionCode;
  const to = lane.to as RegionCode;
  const start = startingRateCard(from, to);
  const card = Form.useWatch('rate_card', { form, preserve: true }) as RateCard | null | undefined;
  const buyingCurrency = regionByCode(lane.from as RegionCode).currency.code;
  const dutyRow = lane.rules.find((r) => r.family === 'duty')?.row;
  const defaults: Partial<Record<keyof LaneSettings, string>> = {
    ...(dutyRow?.rate != null && { duty_pct: t('lanes.defaultRate', { rate: dutyRow.rate }) }),
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync({
        from: lane.from,
        to: lane.to,
        settings: form.getFieldsValue(true) as LaneSettings,
      });
      void message.success(t('lanes.saved'));
    } catch (error) {
      // A refusal naming fields shows on them; anything else in the alert above the button.
      if (error instanceof ApiError && error.fields.length > 0)
        form.setFields(
          error.fields.map((f) => ({ name: f.field.split('.') as Path, errors: [t(f.key, f.params)] })),
        );
    }
  };

  return (
    <Form
      form={form}
      // The form's name prefixes its fields' ids: several cards on one page keep them unique.
      name={`lane-${lane.from}-${lane.to}`}
      layout="vertical"
      initialValues={lane.settings}
      onValuesChange={clearChangedErrors(form)}
      onFinish={() => void submit()}
      data-testid={`lane-form-${lane.from}-${lane.to}`}
    >
      {start && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="starting-card-offer"
          title={
            <>
              {t(
                isStartingRateCard(from, to, card ?? null)
                  ? 'lanes.startingCard.inUse'
                  : 'lanes.startingCard.offer',
              )}{' '}
              <StartingCardText start={start} />
            </>
          }
          action={
            isStartingRateCard(from, to, card ?? null) ? undefined : (
              <Button size="small" onClick={() => form.setFieldValue('rate_card', { ...start.card })}>
                {t('lanes.startingCard.use')}
              </Button>
            )
          }
        />
      )}
      <Row gutter={16}>
        {LANE_FIELDS.filter((f) => !ORDER_LANE_FIELD_NAMES.has(f.name)).map((field) => (
          <FieldInput key={field.name} field={field} currency={buyingCurrency} defaults={defaults} />
        ))}
      </Row>
      {route === 'source_ships' && <SourceShipsNote />}
      <Divider titlePlacement="start">{t('lanes.ordersTitle')}</Divider>
      <Typography.Paragraph type="secondary">{t('lanes.ordersIntro')}</Typography.Paragraph>
      <Row gutter={16}>
        {LANE_FIELDS.filter((f) => ORDER_LANE_FIELD_NAMES.has(f.name)).map((field) => (
          <FieldInput key={field.name} field={field} currency={buyingCurrency} defaults={defaults} />
        ))}
      </Row>
      <OrderDaysTotal />
      <Typography.Paragraph type="secondary">{t('lanes.repriceNote')}</Typography.Paragraph>
      {save.isError && !(save.error instanceof ApiError && save.error.fields.length > 0) && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(save.error, t, { fallback: t('lanes.saveFailed') })}
          style={{ marginBottom: 12 }}
        />
      )}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('lanes.save')}
      </Button>
    </Form>
  );
}
