import {
  ORDER_DEADLINE_FILTERS,
  ORDER_STATES,
  REGION_CODES,
  type OrderDeadlineFilter,
  type OrderState,
  type RegionCode,
} from '@crossmarket/domain';
import { Alert, Breadcrumb, Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/error-message';
import { usePageTitle } from '../../lib/page-title';
import { useOrders, type OrdersFilters } from './api/orders';
import { sellerTimeZone, useNow } from './deadline';
import { OrderDrawer } from './components/order-drawer';
import { OrdersFilterBar } from './components/orders-filters';
import { OrdersFreshness } from './components/orders-freshness';
import { OrdersTable } from './components/orders-table';

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  v !== null && (list as readonly string[]).includes(v) ? (v as T) : undefined;

/** The filters the address carries; anything it does not know is left out, not refused. */
export function readOrdersFilters(params: URLSearchParams): OrdersFilters {
  const state = (params.get('state') ?? '')
    .split(',')
    .map((s) => oneOf<OrderState>(ORDER_STATES, s))
    .filter((s): s is OrderState => s !== undefined);
  const page = Number(params.get('page'));
  return {
    ...(state.length > 0 && { state }),
    ...(oneOf<RegionCode>(REGION_CODES, params.get('marketplace')) && {
      marketplace: params.get('marketplace') as RegionCode,
    }),
    ...(oneOf<OrderDeadlineFilter>(ORDER_DEADLINE_FILTERS, params.get('deadline')) && {
      deadline: params.get('deadline') as OrderDeadlineFilter,
    }),
    ...(Number.isInteger(page) && page > 1 && { page }),
  };
}

function writeOrdersFilters(filters: OrdersFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.state?.length) params.set('state', filters.state.join(','));
  if (filters.marketplace) params.set('marketplace', filters.marketplace);
  if (filters.deadline) params.set('deadline', filters.deadline);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * `/orders` (issue 60): the seller's merchant-fulfilled orders, filtered by what waits on them, state,
 * marketplace and deadline (all in the address), how fresh each region's list is, and `/orders/:orderId`
 * opens an order's drawer over the same list.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  usePageTitle('ordersPage.title');
  const navigate = useNavigate();
  const { search } = useLocation();
  const { orderId } = useParams();
  const [params, setParams] = useSearchParams();
  const filters = readOrdersFilters(params);
  const list = useOrders(filters);
  const now = useNow();
  const filtered = Boolean(filters.state || filters.marketplace || filters.deadline);
  const noRegion = list.data?.freshness.every((f) => !f.connected) ?? false;

  let body: React.ReactNode;
  if (list.isError && !list.data)
    body = (
      <Alert
        type="error"
        showIcon
        title={errorMessage(list.error, t, { fallback: t('ordersPage.loadFailed') })}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('ordersPage.retry')}
          </Button>
        }
        data-testid="orders-error"
      />
    );
  else if (list.isLoading) body = <Skeleton active data-testid="orders-loading" />;
  else if (list.data && list.data.total === 0)
    body = filtered ? (
      <Empty description={t('ordersPage.emptyFiltered')} data-testid="orders-empty">
        <Button onClick={() => setParams(new URLSearchParams())}>{t('ordersPage.clearFilters')}</Button>
      </Empty>
    ) : (
      <Empty
        description={t(noRegion ? 'ordersPage.emptyNotConnected' : 'ordersPage.empty')}
        data-testid="orders-empty"
      >
        {noRegion && <Link to="/settings/amazon">{t('amazonConnections.connectInSettings')}</Link>}
      </Empty>
    );
  else
    body = (
      <OrdersTable
        list={list.data}
        loading={list.isFetching && list.isPlaceholderData}
        now={now}
        search={search}
        onPage={(page) => setParams(writeOrdersFilters({ ...filters, page }))}
      />
    );

  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/">{t('nav.home')}</Link> }, { title: t('ordersPage.title') }]}
        style={{ marginBottom: 8 }}
      />
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('ordersPage.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('ordersPage.intro', { zone: sellerTimeZone() })}
      </Typography.Paragraph>
      <Flex vertical gap={16}>
        {list.data && <OrdersFreshness freshness={list.data.freshness} now={now} />}
        {list.isError && list.data && (
          <Alert
            type="warning"
            showIcon
            title={errorMessage(list.error, t, { fallback: t('ordersPage.stale') })}
          />
        )}
        <OrdersFilterBar
          filters={filters}
          counts={list.data?.counts}
          onChange={(next) => setParams(writeOrdersFilters(next))}
        />
        {body}
      </Flex>
      <OrderDrawer orderId={orderId ?? null} now={now} onClose={() => void navigate(`/orders${search}`)} />
    </>
  );
}
