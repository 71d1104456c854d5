import { DeleteOutlined, SettingOutlined } from '@ant-design/icons';
import type { Inventory, ListingRemovalChoice } from '@crossmarket/domain';
import { App, Breadcrumb, Button, Flex, Result, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import {
  updateInProgress,
  useInventory,
  useInventoryProducts,
  useProductsFollowUpdate,
  useRemoveInventoryProducts,
} from './api/inventories';
import { Country } from '../../lib/country';
import { formatNumber } from '../../lib/format-number';
import { InventoryProductsTable } from './components/inventory-products-table';
import { UpdatePanel } from './components/update-panel';
import { InventoryWatchButton } from '../watches';
import { ListingsSection, type DryRunState } from './components/listings-section';
import { ListingRemovalQuestion, listedAmong, moreListedThanShown } from './components/listing-removal';
import { ProductHistoryDrawer } from './components/product-history-drawer';
import { useListings } from './api/listings';

const shortId = (id: string) => id.split('-')[0];
const TOAST = 'inventory-remove';

/** `/inventories/:inventoryId`: the inventory's update state, file and products (`?page=`). */
export function InventoryViewPage() {
  const { inventoryId = '' } = useParams();
  const { t } = useTranslation();
  const inventory = useInventory(inventoryId);

  if (inventory.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!inventory.data) {
    const notFound = inventory.error instanceof ApiError && inventory.error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={t(notFound ? 'inventoriesPage.drawer.notFound' : 'inventoriesPage.failed')}
        extra={<Link to="/inventories">{t('inventoryView.back')}</Link>}
      />
    );
  }
  return <InventoryView inventory={inventory.data} />;
}

function InventoryView({ inventory }: { inventory: Inventory }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  // Arrived from a report's "List on Amazon": the section dry-runs those products, once.
  const [dryRun] = useState(() => (location.state as DryRunState | null)?.dryRun);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const products = useInventoryProducts(inventory.id, page);
  const remove = useRemoveInventoryProducts(inventory.id);
  const listings = useListings(inventory.id);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const total = products.data?.total ?? inventory.products_count;

  useEffect(() => {
    document.title = t('app.title', { page: inventory.title });
  }, [t, inventory.title, i18n.language]);

  useProductsFollowUpdate(inventory.id, updateInProgress(inventory.update));

  // A page past the end (after a removal, or an old link) goes to the last one.
  const last = products.data ? Math.max(1, Math.ceil(products.data.total / products.data.per_page)) : page;
  useEffect(() => {
    if (page > last) setParams({ page: String(last) }, { replace: true });
  }, [page, last, setParams]);

  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});
  const selectPage = (pageCodes: string[], onPage: string[]) =>
    setSelected((old) => {
      const next = new Set(old);
      for (const code of pageCodes) next.delete(code);
      for (const code of onPage) next.add(code);
      return next;
    });

  const confirmRemove = () => {
    // Products with an offer on Amazon: the seller says what becomes of it (quantity 0 or delete).
    const listed = listedAmong(listings.data, selected);
    // The view is one page of offers: with more than it shows, any selected product may be listed.
    const unsure = moreListedThanShown(listings.data);
    const ask = listed.length > 0 || unsure;
    let onAmazon: ListingRemovalChoice = 'quantity_zero';
    return modal.confirm({
      title: t('inventoryView.removeConfirm', {
        count: selected.size,
        formatted: formatNumber(selected.size, i18n.language),
      }),
      content: (
        <Space orientation="vertical">
          {t('inventoryView.removeBody')}
          {ask && (
            <ListingRemovalQuestion
              count={unsure ? null : listed.length}
              onChange={(choice) => (onAmazon = choice)}
            />
          )}
        </Space>
      ),
      okText: t('common.yes'),
      okButtonProps: { danger: true },
      cancelText: t('common.no'),
      onOk: async () => {
        void message.open({ key: TOAST, type: 'loading', content: t('common.loading'), duration: 0 });
        try {
          const done = await remove.mutateAsync({
            productIds: [...selected],
            onAmazon: ask ? onAmazon : undefined,
          });
          setSelected(new Set());
          void message.open({
            key: TOAST,
            type: 'success',
            content: t('inventoryView.removed', {
              count: done.removed,
              removed: formatNumber(done.removed, i18n.language),
              remaining: formatNumber(done.remaining, i18n.language),
            }),
          });
        } catch (error) {
          console.error('Removing products failed', error);
          void message.open({ key: TOAST, type: 'error', content: t('inventoriesPage.deleteFailed') });
        }
      },
    });
  };

  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: <Link to="/">{t('nav.home')}</Link> },
          { title: <Link to="/inventories">{t('inventoriesPage.title')}</Link> },
          { title: `${inventory.title} ${shortId(inventory.id)}` },
        ]}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space orientation="vertical" size={0}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {inventory.title}
          </Typography.Title>
          <Space size={4}>
            <Country code={inventory.from_country} />
            <span aria-hidden>→</span>
            <Country code={inventory.to_country} />
            {inventory.filter_set && (
              <Typography.Text type="secondary">
                · {t('inventoryView.filterSet', { name: inventory.filter_set.name })}
              </Typography.Text>
            )}
          </Space>
        </Space>
        <Space wrap>
          <InventoryWatchButton inventoryId={inventory.id} />
          <Button
            icon={<SettingOutlined />}
            onClick={() => void navigate(`/inventories/${inventory.id}/settings`)}
          >
            {t('inventoriesPage.settings')}
          </Button>
        </Space>
      </Flex>
      <UpdatePanel inventory={inventory} />
      <ListingsSection
        inventory={inventory}
        dryRun={dryRun}
        // Forgotten once asked, so a reload or Back does not ask Amazon again.
        onDryRunStarted={() =>
          void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })
        }
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="products-count">
          {t('inventoryView.products', { count: total, formatted: formatNumber(total, i18n.language) })}
        </Typography.Title>
        <Space wrap>
          <Typography.Text data-testid="selected-count">
            {t('reportDetail.selected', {
              count: selected.size,
              formatted: formatNumber(selected.size, i18n.language),
            })}
          </Typography.Text>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.size === 0}
            loading={remove.isPending}
            onClick={confirmRemove}
          >
            {t('inventoryView.remove')}
          </Button>
        </Space>
      </Flex>
      <InventoryProductsTable
        page={products.data}
        loading={products.isLoading}
        toCountry={inventory.to_country}
        onPage={goTo}
        selected={selected}
        onSelectPage={selectPage}
        fullLookupMaxDays={inventory.update.full_lookup_max_days}
        onHistory={setHistoryOf}
        inventoryId={inventory.id}
      />
      <ProductHistoryDrawer inventory={inventory} productId={historyOf} onClose={() => setHistoryOf(null)} />
    </Flex>
  );
}
