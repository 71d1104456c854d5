import type { Listing, ListingRun } from '@crossmarket/domain';
import { App, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { usePublishListings } from '../api/listings';

/**
 * Putting one listed product on Amazon again (issue 56: a publish never re-puts a listed product unless
 * asked, per product). Two steps, as every publish: a dry run of the product first, then, once Amazon's
 * verdict shows in the run above, Publish again after the drop-shipping confirmation. The server still
 * leaves it out if it is in flight, drifted or held.
 */
export function RepublishButton({
  inventoryId,
  listing,
  lastRun,
}: {
  inventoryId: string;
  listing: Listing;
  lastRun: ListingRun | null | undefined;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const publish = usePublishListings(inventoryId);
  /** The dry run this button asked for: its verdict, not an older run's, unlocks the publish. */
  const [checking, setChecking] = useState<string | null>(null);
  const product = listing.product_id;
  const body = (mode: 'preview' | 'publish') => ({ mode, product_ids: [product], republish: true });
  const verdict =
    checking !== null &&
    lastRun?.id === checking &&
    lastRun.status === 'done' &&
    // The run is of this product alone: its counts say whether Amazon gave a verdict (the view lists only
    // refusals by default, so a valid verdict is not among its results).
    ((lastRun.counts !== undefined && lastRun.counts.valid + lastRun.counts.invalid > 0) ||
      lastRun.results.some(
        (r) => r.product_id === product && (r.outcome === 'valid' || r.outcome === 'invalid'),
      ));

  const check = async () => {
    try {
      const run = await publish.mutateAsync(body('preview'));
      setChecking(run.id);
      void message.info(t('listings.republish.checking', { product }));
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };
  const confirm = () =>
    modal.confirm({
      title: t('listings.republish.title', { product }),
      width: 560,
      content: (
        <Space orientation="vertical">
          <Typography.Paragraph>{t('listings.republish.body')}</Typography.Paragraph>
          <Typography.Paragraph>{t('listings.confirm.policy')}</Typography.Paragraph>
          <Typography.Paragraph>{t('listings.confirm.record')}</Typography.Paragraph>
        </Space>
      ),
      okText: t('listings.confirm.ok'),
      cancelText: t('listings.confirm.cancel'),
      onOk: async () => {
        try {
          await publish.mutateAsync(body('publish'));
          setChecking(null);
          void message.success(t('listings.queued.publish'));
        } catch (error) {
          void message.error(errorMessage(error, t));
        }
      },
    });

  if (listing.state === 'removed' || listing.pushed_at === null) return null;
  return verdict ? (
    <Button size="small" type="primary" onClick={confirm}>
      {t('listings.republish.again', { product })}
    </Button>
  ) : (
    <Button size="small" loading={publish.isPending} onClick={() => void check()}>
      {t('listings.republish.button', { product })}
    </Button>
  );
}
