import { ExportOutlined } from '@ant-design/icons';
import {
  regionByCode,
  type InventoryProduct,
  type InventoryProductPage,
  type InventoryUnavailableReason,
  type ListingRestrictionState,
  type RegionCode,
} from '@crossmarket/domain';
import { Button, Empty, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { formatMoney } from '../../../lib/format-number';
import { productUrl } from '../../../lib/product-url';
import { PackCell } from './confirm-pack';

const RESTRICTION_COLORS: Record<ListingRestrictionState, string> = {
  can_list: 'green',
  approval_required: 'gold',
  cannot_list: 'red',
};

/** "Buying country: Product out of stock in this marketplace": the side, then the domain's status text. */
function unavailableReason(t: TFunction, reason: InventoryUnavailableReason) {
  const [side, status] = reason.split('_') as ['cross' | 'to', string];
  return t(`inventoryView.unavailableReason.${side}`, { reason: t(`statusReason.${status}`) });
}

export interface InventoryProductsTableProps {
  page: InventoryProductPage | undefined;
  loading: boolean;
  /** The selling country: product links and prices are its. */
  toCountry: RegionCode;
  onPage: (page: number) => void;
  selected: ReadonlySet<string>;
  onSelectPage: (pageCodes: string[], selectedOnPage: string[]) => void;
  /** The plan's longest gap between two full lookups of a product (days); older ones are flagged. */
  fullLookupMaxDays: number;
  /** Opens a product's price and rank history (and its watches). */
  onHistory?: (code: string) => void;
  /** The inventory: a supplier pack to confirm is confirmed in it (shown only with it). */
  inventoryId?: string;
}

/**
 * An inventory's products, a page at a time (the pager hides on a single page): index, image, product
 * ID (a link to the selling marketplace), title, what the last update found (price, landed cost, profit
 * at that price, stock) and when it refreshed the product.
 * Selection is kept by code across pages.
 */
export function InventoryProductsTable(props: InventoryProductsTableProps) {
  const { page, loading, toCountry, onPage, selected, onSelectPage, fullLookupMaxDays, onHistory } = props;
  const { inventoryId } = props;
  const { t, i18n } = useTranslation();
  const rows = useMemo(() => page?.products ?? [], [page]);
  const anyPack = rows.some((r) => r.pack);
  const codes = useMemo(() => rows.map((r) => r.code), [rows]);
  const first = page ? (page.page - 1) * page.per_page : 0;
  const currency = regionByCode(toCountry).currency.code;
  const money = (n: number | null) =>
    n === null ? t('reportDetail.na') : formatMoney(n, currency, i18n.language);

  const columns: ColumnsType<InventoryProduct> = [
    { title: t('inventoryView.columns.index'), key: 'index', width: 64, render: (_, __, i) => first + i + 1 },
    {
      title: t('inventoryView.columns.image'),
      key: 'image',
      width: 80,
      render: (_, p) =>
        p.image ? (
          <img src={p.image} alt="" width={48} height={48} loading="lazy" className="cm-thumb" />
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: t('inventoryView.columns.code'),
      key: 'code',
      render: (_, p) => (
        <a
          href={productUrl(toCountry, p.code)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('inventoryView.openOnAmazon', { id: p.code })}
        >
          {p.code} <ExportOutlined aria-hidden />
        </a>
      ),
    },
    {
      title: t('inventoryView.columns.title'),
      key: 'title',
      width: 280,
      render: (_, p) =>
        p.title ? (
          <Typography.Text ellipsis={{ tooltip: p.title }} style={{ maxWidth: 260 }}>
            {p.title}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: t('inventoryView.columns.availability'),
      key: 'available',
      render: (_, p) =>
        p.available === null ? (
          <Typography.Text type="secondary">{t('inventoryView.notUpdated')}</Typography.Text>
        ) : p.available ? (
          <Tag color="green">{t('inventoryView.available')}</Tag>
        ) : (
          <Flex vertical gap={2} align="start">
            <Tag color="red">{t('inventoryView.unavailableTag')}</Tag>
            {p.unavailable_reason && (
              <Typography.Text type="secondary" data-testid="unavailable-reason">
                {unavailableReason(t, p.unavailable_reason)}
              </Typography.Text>
            )}
          </Flex>
        ),
    },
    // Only when a product of the page came from a supplier with a pack to confirm (issue 62).
    ...(inventoryId && anyPack
      ? [
          {
            title: t('inventoryView.columns.pack'),
            key: 'pack',
            render: (_: unknown, p: InventoryProduct) => <PackCell inventoryId={inventoryId} product={p} />,
          },
        ]
      : []),
    {
      title: t('inventoryView.columns.restriction'),
      key: 'restriction',
      render: (_, p) => {
        const r = p.restriction;
        if (!r)
          return (
            <Typography.Text type="secondary">
              {t('reportDetail.restrictions.state.not_checked')}
            </Typography.Text>
          );
        const checked = t('reportDetail.restrictions.checkedAt', {
          date: dayjs(r.checked_at).format('LL LT'),
        });
        return (
          <Flex vertical gap={2} align="start">
            <Tag color={RESTRICTION_COLORS[r.state]} title={checked}>
              {t(`reportDetail.restrictions.state.${r.state}`)}
            </Tag>
            {r.approval_url && (
              <Typography.Link href={r.approval_url} target="_blank" rel="noopener noreferrer">
                {t('reportDetail.restrictions.requestApproval')}
              </Typography.Link>
            )}
          </Flex>
        );
      },
    },
    {
      title: t('inventoryView.columns.price'),
      key: 'price',
      align: 'right',
      render: (_, p) => money(p.std_price),
    },
    // The landed cost and the profit at the standard price, as the last pricing computed them.
    {
      title: t('inventoryView.columns.cost'),
      key: 'cost',
      align: 'right',
      render: (_, p) => money(p.cost_in_tc),
    },
    {
      title: t('inventoryView.columns.profit'),
      key: 'profit',
      align: 'right',
      render: (_, p) =>
        p.std_profit !== null && p.std_profit < 0 ? (
          <Typography.Text type="danger">{money(p.std_profit)}</Typography.Text>
        ) : (
          money(p.std_profit)
        ),
    },
    {
      title: t('inventoryView.columns.stock'),
      key: 'stock',
      align: 'right',
      render: (_, p) => (p.stock === null ? t('reportDetail.na') : p.stock),
    },
    {
      title: t('inventoryView.columns.refreshed'),
      key: 'refreshed',
      render: (_, p) =>
        p.updated_at ? (
          <time dateTime={p.updated_at} title={dayjs(p.updated_at).format('L LT')}>
            {dayjs(p.updated_at).fromNow()}
          </time>
        ) : (
          <Typography.Text type="secondary">{t('inventoryView.notUpdated')}</Typography.Text>
        ),
    },
    {
      title: t('inventoryView.columns.fullLookup'),
      key: 'full-lookup',
      render: (_, p) => {
        if (!p.full_lookup_at)
          // Updated before full lookups were dated: its lowest offers may be old, and are priced from.
          return p.updated_at ? (
            <Tag color="warning">{t('inventoryView.fullLookupUnknown')}</Tag>
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          );
        const at = dayjs(p.full_lookup_at);
        // Lowest offers older than the plan promises are priced from anyway: say so, with their date.
        if (dayjs().diff(at, 'day', true) > fullLookupMaxDays)
          return (
            <Tag color="warning" title={t('inventoryView.fullLookupStaleHint', { count: fullLookupMaxDays })}>
              {t('inventoryView.fullLookupStale', { date: at.format('L') })}
            </Tag>
          );
        return (
          <time dateTime={p.full_lookup_at} title={at.format('L LT')}>
            {at.fromNow()}
          </time>
        );
      },
    },
    ...(onHistory
      ? [
          {
            title: t('inventoryView.columns.history'),
            key: 'history',
            render: (_: unknown, p: InventoryProduct) => (
              <Button
                size="small"
                aria-label={t('inventoryView.historyOf', { id: p.code })}
                onClick={() => onHistory(p.code)}
              >
                {t('inventoryView.history')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Table<InventoryProduct>
      rowKey="code"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 1300 }}
      rowSelection={{
        // The header checkbox would be copied into the table's aria-hidden measuring row (see the
        // report's table); rows are selected one by one.
        hideSelectAll: true,
        selectedRowKeys: codes.filter((c) => selected.has(c)),
        onChange: (keys) => onSelectPage(codes, keys as string[]),
        getCheckboxProps: (p) => ({ 'aria-label': t('inventoryView.selectRow', { id: p.code }) }),
      }}
      pagination={{
        current: page?.page ?? 1,
        pageSize: page?.per_page,
        total: page?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        onChange: onPage,
      }}
      locale={{
        emptyText: loading ? (
          <span />
        ) : (
          <Empty description={<Typography.Text strong>{t('inventoryView.empty.title')}</Typography.Text>}>
            <Typography.Paragraph type="secondary">{t('inventoryView.empty.body')}</Typography.Paragraph>
          </Empty>
        ),
      }}
    />
  );
}
