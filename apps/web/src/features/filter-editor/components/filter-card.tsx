import type { FilterDef } from '@crossmarket/domain';
import { Card, Flex, Switch, Tag, Tooltip, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { initialDraftValue, type Draft } from '../filter-drafts';
import { FILTER_INPUTS, type FilterOptionLists } from './filter-inputs';

export interface FilterCardProps {
  def: FilterDef;
  draft: Draft | undefined;
  /** The message key of the card's value problem, shown under its input. */
  error: string | undefined;
  settingsDefined: boolean;
  currencySymbol: string | null;
  options: FilterOptionLists;
  onDraft: (id: string, draft: Draft) => void;
}

/** One filter of the catalogue: switch, title, hint, New badge, and the input its kind calls for. */
export const FilterCard = memo(function FilterCard({
  def,
  draft,
  error,
  settingsDefined,
  currencySymbol,
  options,
  onDraft,
}: FilterCardProps) {
  const { t } = useTranslation();
  const label = t(def.labelKey);
  const blocked = def.dependsOnSettings && !settingsDefined;
  const enabled = !!draft?.enabled && !blocked;
  const Input = FILTER_INPUTS[def.kind];
  const toggle = (on: boolean) =>
    onDraft(def.id, { enabled: on, value: draft?.value ?? initialDraftValue(def) });
  const switchEl = (
    <Switch
      size="small"
      checked={enabled}
      disabled={blocked}
      onChange={toggle}
      aria-label={t('reportDetail.filters.enable', { name: label })}
    />
  );
  return (
    <Card
      size="small"
      data-testid={`filter-${def.id}`}
      // No `content-visibility: auto` here: a card the browser had skipped took its real height (40 px, or
      // 59 with a two-line hint, instead of the 56 px placeholder) a frame or more after it came into view,
      // and everything below it moved under the pointer: a click on the charts or a row was pressed on one
      // element and released on another, and lost (docs/decisions.md, "Lost clicks").
      styles={{ body: { padding: '8px 12px' } }}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong>{label}</Typography.Text>
          {def.isNew && <Tag color="green">{t('reportDetail.filters.new')}</Tag>}
        </Flex>
        {blocked ? <Tooltip title={t('validation.filters.settingsFirst')}>{switchEl}</Tooltip> : switchEl}
      </Flex>
      {def.hintKey && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {t(def.hintKey)}
        </Typography.Text>
      )}
      {enabled && (
        <div style={{ marginTop: 8 }}>
          <Input
            def={def}
            value={draft!.value as never}
            onChange={(value: unknown) => onDraft(def.id, { enabled: true, value })}
            label={label}
            currencySymbol={def.currency ? currencySymbol : null}
            options={options}
          />
        </div>
      )}
      {enabled && error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4 }}>
          {t(error)}
        </Typography.Text>
      )}
    </Card>
  );
});
