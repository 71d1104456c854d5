import { DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  DISABLED_RULE_TYPES,
  MAX_PRICING_RULES,
  RATE_TYPES,
  RULE_TYPES,
  defaultFirstRule,
  type PricingRule,
} from '@crossmarket/domain';
import {
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Typography,
  type FormListFieldData,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../../lib/zod-form';
import { useSettingsScope } from './settings-scope';

/** A new rule below the others: a cost range, fixed rates like the first rule's defaults. */
const newRule = (): PricingRule => ({ ...defaultFirstRule(), threshold_start: 0, threshold_end: 100 });

function RuleFields({ field, index }: { field: FormListFieldData; index: number }) {
  const { t } = useTranslation();
  const { prefix, pick } = useSettingsScope();
  const first = index === 0;
  const type = Form.useWatch([
    ...prefix,
    'pricing_rules',
    field.name,
    'rule_type',
  ]) as PricingRule['rule_type'];
  const path = (name: string) => [...prefix, 'pricing_rules', field.name, name];
  const item = (name: string, label: string, input: React.ReactNode, width = 120) => (
    <Form.Item
      name={[field.name, name]}
      label={label}
      rules={zodRules(pick, path(name))}
      style={{ marginBottom: 8, width }}
    >
      {input}
    </Form.Item>
  );
  const number = (label: string, step = 1) => (
    <InputNumber
      aria-label={`${label} (${t('reportDetail.settings.ruleN', { n: index + 1 })})`}
      step={step}
      style={{ width: '100%' }}
    />
  );
  return (
    <Flex gap={8} wrap align="start">
      {item(
        'rule_type',
        t('reportDetail.settings.ruleType'),
        <Select
          disabled={first}
          aria-label={`${t('reportDetail.settings.ruleType')} (${t('reportDetail.settings.ruleN', { n: index + 1 })})`}
          options={[
            ...RULE_TYPES.map((r) => ({ value: r, label: t(`reportDetail.settings.ruleTypes.${r}`) })),
            ...DISABLED_RULE_TYPES.map((r) => ({
              value: r,
              label: t(`reportDetail.settings.ruleTypes.${r}`),
              disabled: true,
            })),
          ]}
        />,
        150,
      )}
      {type === 'buybox_store' ? (
        item(
          'seller_id',
          t('reportDetail.settings.sellerId'),
          <Input
            aria-label={`${t('reportDetail.settings.sellerId')} (${t('reportDetail.settings.ruleN', { n: index + 1 })})`}
          />,
          180,
        )
      ) : (
        <>
          {item(
            'threshold_start',
            t(`reportDetail.settings.${type === 'ppr' ? 'pprFrom' : 'costFrom'}`),
            <InputNumber
              disabled={first}
              aria-label={`${t('reportDetail.settings.from')} (${t('reportDetail.settings.ruleN', { n: index + 1 })})`}
              style={{ width: '100%' }}
            />,
          )}
          {item(
            'threshold_end',
            t(`reportDetail.settings.${type === 'ppr' ? 'pprTo' : 'costTo'}`),
            <InputNumber
              disabled={first}
              aria-label={`${t('reportDetail.settings.to')} (${t('reportDetail.settings.ruleN', { n: index + 1 })})`}
              style={{ width: '100%' }}
            />,
          )}
        </>
      )}
      {item(
        'rate_type',
        t('reportDetail.settings.rateType'),
        <Select
          disabled={first}
          aria-label={`${t('reportDetail.settings.rateType')} (${t('reportDetail.settings.ruleN', { n: index + 1 })})`}
          options={RATE_TYPES.map((r) => ({ value: r, label: t(`reportDetail.settings.rateTypes.${r}`) }))}
        />,
        150,
      )}
      {item(
        'min_rate',
        t('reportDetail.settings.minRate'),
        number(t('reportDetail.settings.minRate'), 0.1),
        110,
      )}
      {item(
        'std_rate',
        t('reportDetail.settings.stdRate'),
        number(t('reportDetail.settings.stdRate'), 0.1),
        110,
      )}
      {item(
        'max_rate',
        t('reportDetail.settings.maxRate'),
        number(t('reportDetail.settings.maxRate'), 0.1),
        110,
      )}
      {item('stock', t('reportDetail.settings.stock'), number(t('reportDetail.settings.stock')), 90)}
    </Flex>
  );
}

function SortableRule({
  field,
  index,
  onRemove,
}: {
  field: FormListFieldData;
  index: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const first = index === 0;
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({
    id: String(field.key),
    disabled: first,
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const n = index + 1;
  return (
    <div ref={setNodeRef} style={style} data-testid={`rule-${index}`}>
      <Card size="small" styles={{ body: { padding: '8px 12px' } }}>
        <Flex gap={8} align="start">
          {first ? (
            <div style={{ width: 32, flex: 'none' }} />
          ) : (
            <Button
              type="text"
              icon={<HolderOutlined />}
              aria-label={t('reportDetail.settings.moveRule', { n })}
              style={{ cursor: 'grab', flex: 'none' }}
              {...attributes}
              {...listeners}
            />
          )}
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong>{t('reportDetail.settings.ruleN', { n })}</Typography.Text>
            {first && (
              <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                {t('reportDetail.settings.firstRule')}
              </Typography.Text>
            )}
            <RuleFields field={field} index={index} />
          </div>
          {!first && (
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('reportDetail.settings.removeRule', { n })}
              onClick={onRemove}
            />
          )}
        </Flex>
      </Card>
    </div>
  );
}

/**
 * The pricing rules: the first is permanent (not movable, removable or retypable); the others are added
 * (up to 31 in all), removed, and reordered by dragging or by keyboard (space, arrows, space).
 */
export function PricingRules() {
  const { t } = useTranslation();
  const { prefix } = useSettingsScope();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  return (
    <Form.List name={[...prefix, 'pricing_rules']}>
      {(fields, { add, remove, move }) => {
        const ids = fields.map((f) => String(f.key));
        const onDragEnd = ({ active, over }: DragEndEvent) => {
          if (!over || active.id === over.id) return;
          const from = ids.indexOf(String(active.id));
          // Nothing takes the first rule's place.
          const to = Math.max(1, ids.indexOf(String(over.id)));
          if (from > 0 && to !== from) move(from, to);
        };
        return (
          <Flex vertical gap={8}>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={ids} strategy={verticalListSortingStrategy}>
                {fields.map((field, index) => (
                  <SortableRule
                    key={field.key}
                    field={field}
                    index={index}
                    onRemove={() => remove(field.name)}
                  />
                ))}
              </SortableContext>
            </DndContext>
            <Button
              icon={<PlusOutlined />}
              onClick={() => add(newRule())}
              disabled={fields.length >= MAX_PRICING_RULES}
              style={{ alignSelf: 'start' }}
            >
              {t('reportDetail.settings.addRule')}
            </Button>
          </Flex>
        );
      }}
    </Form.List>
  );
}
