import type { Listing, ListingIssue, ListingRun, ListingsView } from '@crossmarket/domain';
import { listingIssueKey, regionByCode, type RegionCode } from '@crossmarket/domain';
import { Alert, App, Button, Flex, List, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { formatMoney, formatNumber } from '../../../lib/format-number';
import { errorMessage } from '../../../lib/error-message';
import { useListingHistory, useRetryListing } from '../api/listings';
import { ListingDrift } from './listing-drift';
import { RepublishButton } from './republish-button';

const STATE_COLORS: Record<Listing['state'], string> = {
  pending: 'blue',
  live: 'green',
  needs_attention: 'red',
  removed: 'default',
};
const OUTCOME_COLORS: Record<ListingRun['results'][number]['outcome'], string> = {
  valid: 'green',
  accepted: 'green',
  invalid: 'red',
  failed: 'red',
  left_out: 'orange',
};

/** Amazon's issues, each with its code: in the seller's language where we know the code, else Amazon's words. */
export function IssueList({ issues }: { issues: ListingIssue[] }) {
  const { t } = useTranslation();
  if (issues.length === 0) return null;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
      {issues.map((issue, i) => (
        <li key={i}>
          <Typography.Text type={issue.severity === 'ERROR' ? 'danger' : undefined}>
            {(() => {
              const key = listingIssueKey(issue.code);
              // Our own codes carry their figures or names in `message`, placed in the text as `detail`.
              return key ? t(key, { detail: issue.message }) : issue.message;
            })()}{' '}
            ({issue.code})
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * A run's verdict per product: only what needs the seller's eye (refused, failed, left out), a page at a
 * time; the summary is the run's counts.
 */
export function RunResults({ run, onPage }: { run: ListingRun; onPage?: (page: number) => void }) {
  const { t } = useTranslation();
  // Products already on Amazon are not put again unless re-published: counted, not listed as refusals.
  const listed = run.results.filter((r) => r.left_out === 'listed').length;
  const considered = run.results.filter((r) => r.left_out !== 'listed');
  const shown = considered.filter((r) => r.outcome !== 'valid' && r.outcome !== 'accepted');
  const waiting = (run.feeds ?? []).filter((f) => f.waiting).reduce((n, f) => n + f.products, 0);
  const ok = run.counts ? run.counts.valid + run.counts.accepted : considered.length - shown.length;
  // Those already on Amazon were not put: out of the summary's total too.
  const checked = (run.counts?.checked ?? run.results.length) - listed;
  const paging = run.results_page;
  return (
    <>
      {waiting > 0 && (
        <Alert type="info" showIcon title={t('listings.run.feedWaiting', { count: waiting })} />
      )}
      {listed > 0 && <Typography.Text>{t('listings.run.listed', { count: listed })}</Typography.Text>}
      <List
        size="small"
        data-testid="run-results"
        header={t(`listings.run.summary.${run.mode}`, { ok, total: checked })}
        dataSource={shown}
        pagination={
          paging && paging.total > paging.page_size
            ? {
                current: paging.page,
                pageSize: paging.page_size,
                total: paging.total,
                showSizeChanger: false,
                onChange: (page) => onPage?.(page),
              }
            : false
        }
        locale={{ emptyText: t('listings.run.nothingRefused') }}
        renderItem={(r) => (
          <List.Item>
            <List.Item.Meta
              title={
                <>
                  <Typography.Text code>{r.product_id}</Typography.Text>{' '}
                  <Tag color={OUTCOME_COLORS[r.outcome]}>
                    {r.left_out ? t(`listings.leftOut.${r.left_out}`) : t(`listings.outcome.${r.outcome}`)}
                  </Tag>
                </>
              }
              description={<IssueList issues={r.issues} />}
            />
          </List.Item>
        )}
      />
    </>
  );
}

/** A listing's pushes, newest first: what changed, why and what Amazon answered. */
function HistoryModal({
  inventoryId,
  productId,
  currency,
  onClose,
}: {
  inventoryId: string;
  productId: string | null;
  currency: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const history = useListingHistory(inventoryId, productId);
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, currency, i18n.language));
  const count = (v: number | null) => (v === null ? '—' : formatNumber(v, i18n.language));
  return (
    <Modal
      open={productId !== null}
      title={t('listings.history.title', { product: productId ?? '' })}
      onCancel={onClose}
      footer={null}
      width={760}
    >
      <Table
        size="small"
        rowKey={(r) => `${r.at}-${r.reason}`}
        loading={history.isLoading}
        pagination={false}
        dataSource={history.data?.pushes ?? []}
        columns={[
          {
            title: t('listings.history.at'),
            dataIndex: 'at',
            render: (v: string) => dayjs(v).format('L LT'),
          },
          {
            title: t('listings.history.reason'),
            dataIndex: 'reason',
            render: (v: string) => t(`listings.reason.${v}`),
          },
          {
            title: t('listings.history.price'),
            key: 'price',
            render: (_, r) => `${money(r.old_price)} → ${money(r.new_price)}`,
          },
          {
            title: t('listings.history.quantity'),
            key: 'quantity',
            render: (_, r) => `${count(r.old_quantity)} → ${count(r.new_quantity)}`,
          },
          { title: t('listings.history.status'), dataIndex: 'status' },
        ]}
      />
    </Modal>
  );
}

/**
 * One page of the inventory's listings (the server pages them): state, the last price and quantity pushed
 * and when, Amazon's issues.
 */
export function ListingsTable({
  inventoryId,
  toCountry,
  listings,
  lastRun,
  page,
  loading,
  onPage,
}: {
  inventoryId: string;
  toCountry: RegionCode;
  listings: Listing[];
  /** The inventory's last run: a re-publish offers its second step once its dry run has a verdict. */
  lastRun?: ListingRun | null;
  page?: ListingsView['page'];
  loading?: boolean;
  onPage?: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [history, setHistory] = useState<string | null>(null);
  const retry = useRetryListing(inventoryId);
  const currency = regionByCode(toCountry).currency.code;
  const sendAgain = async (productId: string) => {
    try {
      const asked = await retry.mutateAsync(productId);
      void message.success(t(`listings.retry.queued.${asked.action}`, { product: productId }));
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };
  return (
    <>
      <Table
        size="small"
        rowKey="product_id"
        dataSource={listings}
        loading={loading}
        pagination={{
          current: page?.page ?? 1,
          pageSize: page?.page_size ?? listings.length,
          total: page?.total ?? listings.length,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: (next) => onPage?.(next),
        }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('listings.table.product'), dataIndex: 'product_id' },
          { title: t('listings.table.sku'), dataIndex: 'sku' },
          {
            title: t('listings.table.state'),
            dataIndex: 'state',
            render: (v: Listing['state']) => <Tag color={STATE_COLORS[v]}>{t(`listings.state.${v}`)}</Tag>,
          },
          {
            title: t('listings.table.price'),
            dataIndex: 'price',
            render: (v: number | null) => (v === null ? '—' : formatMoney(v, currency, i18n.language)),
          },
          {
            title: t('listings.table.quantity'),
            dataIndex: 'quantity',
            render: (v: number | null) => (v === null ? '—' : formatNumber(v, i18n.language)),
          },
          {
            title: t('listings.table.pushedAt'),
            dataIndex: 'pushed_at',
            render: (v: string | null) => (v ? dayjs(v).format('L LT') : '—'),
          },
          {
            title: t('listings.table.issues'),
            dataIndex: 'issues',
            render: (v: ListingIssue[], r) => (
              <Flex vertical gap={4}>
                <ListingDrift inventoryId={inventoryId} listing={r} currency={currency} />
                <IssueList issues={v} />
              </Flex>
            ),
          },
          {
            title: t('listings.table.history'),
            key: 'history',
            render: (_, r) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => setHistory(r.product_id)}>
                  {t('listings.table.showHistory', { product: r.product_id })}
                </Button>
                {r.state !== 'removed' && (
                  <Button
                    size="small"
                    loading={retry.isPending && retry.variables === r.product_id}
                    onClick={() => void sendAgain(r.product_id)}
                  >
                    {t('listings.retry.button', { product: r.product_id })}
                  </Button>
                )}
                <RepublishButton inventoryId={inventoryId} listing={r} lastRun={lastRun} />
              </Space>
            ),
          },
        ]}
      />
      <HistoryModal
        inventoryId={inventoryId}
        productId={history}
        currency={currency}
        onClose={() => setHistory(null)}
      />
    </>
  );
}
