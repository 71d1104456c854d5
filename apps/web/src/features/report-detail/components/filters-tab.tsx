import { FILTERS, type FilterDef, type FilterGroup } from '@crossmarket/domain';
import { Button, Col, Flex, Row, Typography, type InputRef } from 'antd';
import { useDeferredValue, useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { regionName } from '../../../lib/country';
import {
  FilterCard,
  FilterSearchBar,
  searchableTexts,
  searchWords,
  showsCard,
  type Draft,
  type Drafts,
  type FilterOptionLists,
} from '../../filter-editor';
import type { Countries } from './product-cells';

export interface FiltersTabProps {
  drafts: Drafts;
  errors: Readonly<Record<string, string>>;
  onDraft: (id: string, draft: Draft) => void;
  settingsDefined: boolean;
  countries: Countries;
  options: FilterOptionLists;
  onApply: () => void;
  onReset: () => void;
  onSave: () => void;
  /** The Load a Filter Set dropdown. */
  loadSet: React.ReactNode;
  /** The search field, for the page's keyboard shortcut. */
  searchRef?: Ref<InputRef>;
  /** The search's words, kept by the panel: its collapsed bar can start a search too. */
  query: string;
  onQuery: (query: string) => void;
}

/**
 * The catalogue's cards in two columns, buying then selling, each sorted by its translated title; the
 * search and "Show active only" narrow both columns (cards left out keep their drafts).
 */
export function FiltersTab(props: FiltersTabProps) {
  const { t, i18n } = useTranslation();
  const { drafts, errors, onDraft, settingsDefined, countries, options } = props;
  const columns = useMemo(() => {
    const sorted = (group: FilterGroup) =>
      FILTERS.filter((f) => f.group === group).sort((a, b) =>
        t(a.labelKey).localeCompare(t(b.labelKey), i18n.language),
      );
    return { cross: sorted('cross'), to: sorted('to') };
  }, [t, i18n.language]);
  const texts = useMemo(() => searchableTexts(FILTERS, t, i18n.language), [t, i18n.language]);
  const { query, onQuery } = props;
  const [activeOnly, setActiveOnly] = useState(false);
  const search = { words: searchWords(useDeferredValue(query), i18n.language), activeOnly };

  const symbol = (def: FilterDef) =>
    def.currency === 'source'
      ? countries.from.currency.symbol
      : def.currency === 'target'
        ? countries.to.currency.symbol
        : null;

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <div style={{ minWidth: 260, flex: '1 1 260px', maxWidth: 420 }}>{props.loadSet}</div>
        <Flex gap={8} wrap>
          <Button type="primary" onClick={props.onApply}>
            {t('reportDetail.filters.apply')}
          </Button>
          <Button onClick={props.onReset}>{t('reportDetail.filters.reset')}</Button>
          <Button onClick={props.onSave}>{t('reportDetail.filters.saveSet')}</Button>
        </Flex>
      </Flex>
      <FilterSearchBar
        query={query}
        onQuery={onQuery}
        activeOnly={activeOnly}
        onActiveOnly={setActiveOnly}
        inputRef={props.searchRef}
      />
      <Row gutter={[16, 16]}>
        {(['cross', 'to'] as const).map((group) => {
          const country = group === 'cross' ? countries.from : countries.to;
          const shown = columns[group].filter((def) => showsCard(def, texts, drafts, search));
          return (
            <Col xs={24} lg={12} key={group}>
              <Typography.Title level={5}>
                {t(`reportDetail.filters.${group}`, {
                  country: `${regionName(country.code, i18n.language)} (${country.flag_code})`,
                })}
              </Typography.Title>
              <Flex vertical gap={8} data-testid={`filter-column-${group}`}>
                {shown.length === 0 && (
                  <Typography.Text type="secondary">{t('reportDetail.filters.noMatch')}</Typography.Text>
                )}
                {shown.map((def) => (
                  <FilterCard
                    key={def.id}
                    def={def}
                    draft={drafts[def.id]}
                    error={errors[def.id]}
                    settingsDefined={settingsDefined}
                    currencySymbol={symbol(def)}
                    options={options}
                    onDraft={onDraft}
                  />
                ))}
              </Flex>
            </Col>
          );
        })}
      </Row>
    </Flex>
  );
}
