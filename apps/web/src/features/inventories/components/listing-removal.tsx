import type { ListingRemovalChoice, ListingsView } from '@crossmarket/domain';
import { Radio, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The selected products that have an offer on Amazon (Amazon took it, and it was not deleted since). */
export function listedAmong(view: ListingsView | undefined, codes: Iterable<string>): string[] {
  if (!view) return [];
  const listed = new Set(
    view.listings.filter((l) => l.state !== 'removed' && l.pushed_at !== null).map((l) => l.product_id),
  );
  return [...codes].filter((code) => listed.has(code));
}

/**
 * Whether the view shows only some of the inventory's offers (it is one page of them): then any selected
 * product may be listed, and the removal asks what becomes of them without a count.
 */
export function moreListedThanShown(view: ListingsView | undefined): boolean {
  if (!view?.page || !view.counts) return false;
  return view.page.total > view.listings.length && view.counts.all - view.counts.removed > 0;
}

/**
 * The removal confirmation's question for products listed on Amazon: set their Amazon quantity to 0 (the
 * offer stays, and can come back) or delete the listings. Quantity 0 is chosen first: it is the one
 * Amazon reliably applies, and it can be undone.
 */
export function ListingRemovalQuestion({
  count,
  question,
  onChange,
}: {
  /** How many of the products are listed; null when not known (the view shows one page of offers). */
  count?: number | null;
  /** The question's own text (the inventory's delete, which does not know how many are listed). */
  question?: string;
  onChange: (choice: ListingRemovalChoice) => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<ListingRemovalChoice>('quantity_zero');
  const labelId = useId();
  return (
    <Space orientation="vertical" data-testid="listing-removal">
      <Typography.Text strong id={labelId}>
        {question ??
          (count == null ? t('listings.removal.questionUnknown') : t('listings.removal.question', { count }))}
      </Typography.Text>
      <Radio.Group
        aria-labelledby={labelId}
        value={choice}
        onChange={(e) => {
          const next = e.target.value as ListingRemovalChoice;
          setChoice(next);
          onChange(next);
        }}
      >
        <Space orientation="vertical">
          <Radio value="quantity_zero">{t('listings.removal.quantityZero')}</Radio>
          <Radio value="delete">{t('listings.removal.delete')}</Radio>
        </Space>
      </Radio.Group>
    </Space>
  );
}
