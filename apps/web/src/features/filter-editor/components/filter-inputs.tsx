import {
  PRODUCT_SIZES,
  RESTRICTION_FILTER_STATES,
  type FilterDef,
  type FilterKind,
} from '@crossmarket/domain';
import { Checkbox, Flex, Input, InputNumber, Radio, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FilterOptionLists {
  categories: readonly string[];
  bsr_categories: readonly string[];
}

export interface FilterInputProps<V = never> {
  def: FilterDef;
  value: V;
  onChange: (value: V) => void;
  /** The card's translated title: every input's accessible name starts with it. */
  label: string;
  currencySymbol: string | null;
  options: FilterOptionLists;
}

type Range = { min: number | null; max: number | null };

function RangeInput({ value, onChange, label, currencySymbol }: FilterInputProps<Range>) {
  const { t } = useTranslation();
  const bound = (side: 'min' | 'max') => (
    <InputNumber
      aria-label={`${label} ${t(`reportDetail.filters.${side}`)}`}
      placeholder={t(`reportDetail.filters.${side}`)}
      prefix={currencySymbol ?? undefined}
      value={value[side]}
      onChange={(n) => onChange({ ...value, [side]: typeof n === 'number' ? n : null })}
      style={{ width: '100%' }}
    />
  );
  return (
    <Flex gap={8}>
      {bound('min')}
      {bound('max')}
    </Flex>
  );
}

function Choice<V extends string>({
  value,
  onChange,
  label,
  choices,
}: {
  value: V;
  onChange: (value: V) => void;
  label: string;
  choices: readonly V[];
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      // Named apart from the list or text input beside it on the same card.
      aria-label={`${label} ${t('reportDetail.filters.match')}`}
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
      options={choices.map((c) => ({ value: c, label: t(`reportDetail.filters.choices.${c}`) }))}
      optionType="button"
      size="small"
    />
  );
}

const MODES = ['only', 'exclude'] as const;
type Mode = (typeof MODES)[number];

function TagsInput({
  value,
  onChange,
  label,
  options,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  label: string;
  options?: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Select
      mode={options ? 'multiple' : 'tags'}
      aria-label={label}
      value={value}
      onChange={onChange}
      options={options?.map((o) => ({ value: o, label: o }))}
      tokenSeparators={options ? undefined : [',', '\n']}
      placeholder={t(options ? 'reportDetail.filters.pick' : 'reportDetail.filters.typeEnter')}
      notFoundContent={t('reportDetail.notFound')}
      style={{ width: '100%' }}
      allowClear
      maxTagCount="responsive"
    />
  );
}

/**
 * One input per kind of the catalogue: a card is generated from its filter's kind, so a new filter of an
 * existing kind needs no new component.
 */
export const FILTER_INPUTS: { [K in FilterKind]: (props: FilterInputProps<never>) => ReactNode } = {
  range: (p) => <RangeInput {...(p as unknown as FilterInputProps<Range>)} />,
  mode: (p) => <Choice {...(p as unknown as FilterInputProps<Mode>)} choices={MODES} />,
  coupon: (p) => (
    <Choice {...(p as unknown as FilterInputProps<string>)} choices={['*', 'percent', 'dollar']} />
  ),
  presence: (p) => <Choice {...(p as unknown as FilterInputProps<string>)} choices={['present', 'absent']} />,
  include_exclude: (props) => {
    const p = props as unknown as FilterInputProps<{ include: string[]; exclude: string[] }>;
    return <IncludeExclude {...p} />;
  },
  sizes: (props) => {
    const p = props as unknown as FilterInputProps<string[]>;
    return <CheckList {...p} choices={PRODUCT_SIZES} prefix="reportDetail.sizes." />;
  },
  categories: (props) => {
    const p = props as unknown as FilterInputProps<string[]>;
    return <TagsInput value={p.value} onChange={p.onChange} label={p.label} options={p.options.categories} />;
  },
  rank_by_category: (props) => {
    const p = props as unknown as FilterInputProps<{ categories: string[] } & Range>;
    return (
      <Flex vertical gap={8}>
        <TagsInput
          value={p.value.categories}
          onChange={(categories) => p.onChange({ ...p.value, categories })}
          label={p.label}
          options={p.options.bsr_categories}
        />
        <RangeInput {...p} value={p.value} onChange={(r) => p.onChange({ ...p.value, ...r })} />
      </Flex>
    );
  },
  stores: (props) => {
    const p = props as unknown as FilterInputProps<{ seller_ids: string[]; mode: Mode }>;
    return (
      <Flex vertical gap={8}>
        <Choice
          value={p.value.mode}
          onChange={(mode) => p.onChange({ ...p.value, mode })}
          label={p.label}
          choices={MODES}
        />
        <TagsInput
          value={p.value.seller_ids}
          onChange={(seller_ids) => p.onChange({ ...p.value, seller_ids })}
          label={p.label}
        />
      </Flex>
    );
  },
  product_ids: (props) => {
    const p = props as unknown as FilterInputProps<{ text: string; mode: Mode }>;
    return <ProductIds {...p} />;
  },
  restrictions: (props) => {
    const p = props as unknown as FilterInputProps<string[]>;
    return <CheckList {...p} choices={RESTRICTION_FILTER_STATES} prefix="reportDetail.restrictions.state." />;
  },
};

function IncludeExclude({
  value,
  onChange,
  label,
}: FilterInputProps<{ include: string[]; exclude: string[] }>) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      {(['include', 'exclude'] as const).map((side) => (
        <TagsInput
          key={side}
          value={value[side]}
          onChange={(list) => onChange({ ...value, [side]: list })}
          label={`${label} ${t(`reportDetail.filters.choices.${side}`)}`}
        />
      ))}
    </Flex>
  );
}

/** A list of fixed choices, any of which may be ticked; each choice's text is `prefix` + the choice. */
function CheckList({
  value,
  onChange,
  label,
  choices,
  prefix,
}: FilterInputProps<string[]> & { choices: readonly string[]; prefix: string }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      aria-label={label}
      value={value}
      onChange={(v) => onChange(v as string[])}
      options={choices.map((c) => ({ value: c, label: t(`${prefix}${c}`) }))}
    />
  );
}

function ProductIds({ value, onChange, label }: FilterInputProps<{ text: string; mode: Mode }>) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Choice
        value={value.mode}
        onChange={(mode) => onChange({ ...value, mode })}
        label={label}
        choices={MODES}
      />
      <Input.TextArea
        aria-label={label}
        rows={3}
        placeholder={t('reportDetail.filters.onePerLine')}
        value={value.text}
        onChange={(e) => onChange({ ...value, text: e.target.value })}
      />
    </Flex>
  );
}
