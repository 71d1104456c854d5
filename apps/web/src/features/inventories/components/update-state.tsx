import { LoadingOutlined } from '@ant-design/icons';
import type { InventoryUpdateState } from '@crossmarket/domain';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { formatNumber } from '../../../lib/format-number';

const COLORS: Record<InventoryUpdateState['status'], string> = {
  never: 'default',
  queued: 'blue',
  running: 'processing',
  done: 'green',
  failed: 'red',
};

/** The status of an inventory's price and stock update as a tag (a spinner while it runs). */
export function UpdateStatusTag({ update }: { update: InventoryUpdateState }) {
  const { t } = useTranslation();
  const busy = update.status === 'queued' || update.status === 'running';
  return (
    <Tag
      color={COLORS[update.status]}
      icon={busy ? <LoadingOutlined /> : undefined}
      data-testid="update-status"
    >
      {t(`inventoryUpdate.status.${update.status}`)}
    </Tag>
  );
}

/** The last update's counts: looked up again, unavailable now, price changed. */
export function updateCounts(
  t: (key: string, options: Record<string, unknown>) => string,
  u: InventoryUpdateState,
  lang: string,
) {
  return t('inventoryUpdate.counts', {
    updated: formatNumber(u.updated, lang),
    unavailable: formatNumber(u.unavailable, lang),
    priceChanged: formatNumber(u.price_changed, lang),
  });
}

/** The list's Last Update cell: status, when it finished, and its counts. */
export function UpdateSummary({ update }: { update: InventoryUpdateState }) {
  const { t, i18n } = useTranslation();
  return (
    <Space orientation="vertical" size={0}>
      <UpdateStatusTag update={update} />
      {update.finished_at ? (
        <>
          <Typography.Text type="secondary">{dayjs(update.finished_at).format('L LT')}</Typography.Text>
          <Typography.Text type="secondary">{updateCounts(t, update, i18n.language)}</Typography.Text>
        </>
      ) : null}
    </Space>
  );
}
