import type { Listing } from '@crossmarket/domain';
import { App, Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney, formatNumber } from '../../../lib/format-number';
import { useResolveDrift } from '../api/listings';

/**
 * A listing changed in Seller Central since our last push (drift): Amazon's figures against ours, and the
 * seller's choice — send ours, or keep Amazon's (sync then leaves those figures alone). Until the seller
 * chooses, sync sends nothing to this listing. Also says which figures the seller chose to keep.
 */
export function ListingDrift({
  inventoryId,
  listing,
  currency,
}: {
  inventoryId: string;
  listing: Listing;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const resolve = useResolveDrift(inventoryId);
  const { drift, kept_from_amazon: kept } = listing;
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, currency, i18n.language));
  const count = (v: number | null) => (v === null ? '—' : formatNumber(v, i18n.language));
  const choose = async (choice: 'overwrite' | 'keep_amazon') => {
    try {
      await resolve.mutateAsync({ productId: listing.product_id, choice });
      void message.success(t(`listings.drift.done.${choice}`, { product: listing.product_id }));
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };
  const busy = resolve.isPending && resolve.variables?.productId === listing.product_id;
  return (
    <Flex vertical gap={4}>
      {drift && (
        <>
          <Typography.Text type="warning" strong>
            {t('listings.drift.title')}
          </Typography.Text>
          {drift.fields.includes('price') && (
            <Typography.Text>
              {t('listings.drift.price', {
                amazon: money(drift.amazon.price),
                ours: money(drift.ours.price),
              })}
            </Typography.Text>
          )}
          {drift.fields.includes('quantity') && (
            <Typography.Text>
              {t('listings.drift.quantity', {
                amazon: count(drift.amazon.quantity),
                ours: count(drift.ours.quantity),
              })}
            </Typography.Text>
          )}
          <Typography.Text type="secondary">{t('listings.drift.waiting')}</Typography.Text>
          <Flex gap={4} wrap>
            <Button
              size="small"
              loading={busy && resolve.variables?.choice === 'overwrite'}
              disabled={busy}
              aria-label={t('listings.drift.overwriteFor', { product: listing.product_id })}
              onClick={() => void choose('overwrite')}
            >
              {t('listings.drift.overwrite')}
            </Button>
            <Button
              size="small"
              loading={busy && resolve.variables?.choice === 'keep_amazon'}
              disabled={busy}
              aria-label={t('listings.drift.keepFor', { product: listing.product_id })}
              onClick={() => void choose('keep_amazon')}
            >
              {t('listings.drift.keep')}
            </Button>
          </Flex>
        </>
      )}
      {!drift && kept.length > 0 && (
        <Tag>
          {t('listings.drift.kept', { fields: kept.map((f) => t(`listings.drift.field.${f}`)).join(', ') })}
        </Tag>
      )}
    </Flex>
  );
}
