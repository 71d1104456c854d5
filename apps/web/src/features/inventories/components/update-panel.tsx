import { DownloadOutlined, SyncOutlined } from '@ant-design/icons';
import type { Inventory } from '@crossmarket/domain';
import { Alert, App, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import dayjs from '../../../lib/dayjs';
import { downloadText } from '../../../lib/download';
import { formatNumber } from '../../../lib/format-number';
import { ConnectAmazonLink, notConnectedParams, notConnectedRegion } from '../../settings';
import { fetchInventoryFile, updateInProgress, useRequestInventoryUpdate } from '../api/inventories';
import { UpdateStatusTag } from './update-state';
import { RatesOf } from '../../../lib/rates-of';

/** The time now, moved on when `until` passes (so a button waiting for it comes back by itself). */
function useNowUntil(until: string | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const wait = new Date(until).getTime() - Date.now();
    // Longer than a day is not a wait a page stays open for (and overflows setTimeout's range).
    if (wait <= 0 || wait > 86_400_000) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 250);
    return () => clearTimeout(timer);
  }, [until]);
  return now;
}

/**
 * The inventory's price and stock update: the last one's time and counts, when every product will have
 * been refreshed (and, when Amazon's allowance cannot refresh them all in one run, how many a run does),
 * "Update now" (once an hour; the button waits with the next allowed time, a 429 says when) and the
 * current inventory file.
 */
export function UpdatePanel({ inventory }: { inventory: Inventory }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { update } = inventory;
  const request = useRequestInventoryUpdate(inventory.id);
  const [problem, setProblem] = useState<{ text: string; connect: boolean } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const now = useNowUntil(update.next_manual_at);
  const busy = updateInProgress(update);
  const next = update.next_manual_at ? dayjs(update.next_manual_at) : null;
  const waiting = next !== null && next.valueOf() > now;

  const updateNow = async () => {
    setProblem(null);
    try {
      await request.mutateAsync();
      void message.success(t('inventoryView.updateQueued'));
    } catch (error) {
      // Too soon for this inventory (`next_manual_at`) or the user's updates of this hour used up
      // (`retry_at`): the server's `when` is a clock time for English readers, this one is relative.
      const details = error instanceof ApiError ? error.details : {};
      const at = details.next_manual_at ?? details.retry_at;
      const params = typeof at === 'string' ? { when: dayjs(at).fromNow() } : notConnectedParams(error, t);
      setProblem({ text: errorMessage(error, t, { params }), connect: notConnectedRegion(error) !== null });
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      const file = await fetchInventoryFile(inventory.id);
      downloadText(file.name ?? `inventory-${inventory.id.split('-')[0]}.txt`, file.text);
    } catch (error) {
      void message.error(errorMessage(error, t));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card size="small" title={t('inventoryView.lastUpdate')} data-testid="update-panel">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'status', label: t('inventoryView.status'), children: <UpdateStatusTag update={update} /> },
          {
            key: 'finished',
            label: t('inventoryView.finishedAt'),
            children: update.finished_at ? (
              <span data-testid="update-finished-at">{dayjs(update.finished_at).format('L LT')}</span>
            ) : (
              t('inventoryView.notUpdated')
            ),
          },
          {
            key: 'updated',
            label: t('inventoryView.updated'),
            children: <span data-testid="update-updated">{formatNumber(update.updated, i18n.language)}</span>,
          },
          {
            key: 'unavailable',
            label: t('inventoryView.unavailable'),
            children: (
              <span data-testid="update-unavailable">{formatNumber(update.unavailable, i18n.language)}</span>
            ),
          },
          {
            key: 'price',
            label: t('inventoryView.priceChanged'),
            children: (
              <span data-testid="update-price-changed">
                {formatNumber(update.price_changed, i18n.language)}
              </span>
            ),
          },
          {
            key: 'refreshed-by',
            label: t('inventoryView.refreshedBy'),
            children: update.refreshed_by ? (
              <span data-testid="update-refreshed-by">{dayjs(update.refreshed_by).format('L LT')}</span>
            ) : (
              '—'
            ),
          },
        ]}
      />
      {update.rates_of && (
        <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
          <RatesOf of={update.rates_of} />
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('inventoryView.updateNote')}{' '}
        <span data-testid="update-full-lookup">
          {t('inventoryView.fullLookupNote', { count: update.full_lookup_max_days })}
        </span>
      </Typography.Paragraph>
      {update.per_run < inventory.products_count && (
        <Typography.Paragraph type="secondary" data-testid="update-pace">
          {t('inventoryView.refreshPace', {
            count: update.per_run,
            formatted: formatNumber(update.per_run, i18n.language),
          })}
        </Typography.Paragraph>
      )}
      <Flex gap={8} wrap align="center">
        <Button
          type="primary"
          icon={<SyncOutlined spin={busy} />}
          onClick={() => void updateNow()}
          loading={request.isPending}
          disabled={busy || waiting}
        >
          {t('inventoryView.updateNow')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={downloading}>
          {t('inventoryView.download')}
        </Button>
        {waiting && !busy && (
          <Typography.Text type="secondary" data-testid="next-update">
            {t('inventoryView.nextAllowed', { time: next.format('LT'), when: next.from(now) })}
          </Typography.Text>
        )}
      </Flex>
      {problem && (
        <Alert
          type="warning"
          showIcon
          title={problem.text}
          action={problem.connect ? <ConnectAmazonLink /> : undefined}
          role="alert"
          closable
          onClose={() => setProblem(null)}
          style={{ marginTop: 12 }}
        />
      )}
    </Card>
  );
}
