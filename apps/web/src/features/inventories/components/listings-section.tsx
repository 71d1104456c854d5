import { CloudUploadOutlined, ExperimentOutlined } from '@ant-design/icons';
import {
  LISTINGS_PER_REQUEST,
  type Inventory,
  type ListingRun,
  type ListingsView,
} from '@crossmarket/domain';
import { Alert, App, Button, Card, Flex, Progress, Space, Switch, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format-number';
import { ConnectAmazonLink, notConnectedParams, notConnectedRegion } from '../../settings';
import {
  runInProgress,
  useAccountListingsPause,
  useListings,
  useListingsSync,
  usePublishListings,
  type ListingsFilters,
} from '../api/listings';
import { ListingsFilterBar } from './listings-filters';
import { ListingsTable, RunResults } from './listings-table';
import { ShippingTemplateSelect } from './shipping-template-select';
import { RatesOf } from '../../../lib/rates-of';
import dayjs from '../../../lib/dayjs';

/**
 * The inventory's offers on Amazon: a dry run (Amazon's validation preview, nothing listed), Publish
 * (after the seller confirms Amazon's drop-shipping policy), the sync and pause switches, a safety hold
 * to release, the last run's verdicts and the listings with their history.
 */
/** The inventory page's router state from "List on Amazon" (a report): the products to dry-run at once. */
export type DryRunState = { dryRun: string[] };

export function ListingsSection({
  inventory,
  dryRun,
  onDryRunStarted,
}: {
  inventory: Inventory;
  /** Products to dry-run as soon as the section opens (a report's "List on Amazon"). */
  dryRun?: string[];
  onDryRunStarted?: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  // The page and filters of the listings and the page of the last run's refusals, kept in the section.
  const [filters, setFilters] = useState<ListingsFilters>({});
  const listings = useListings(inventory.id, filters);
  const publish = usePublishListings(inventory.id);
  const sync = useListingsSync(inventory.id);
  const accountPause = useAccountListingsPause();
  const [problem, setProblem] = useState<{ text: string; connect: boolean } | null>(null);
  const view = listings.data;
  const busy = runInProgress(view?.last_run) || publish.isPending;

  const start = async (mode: 'preview' | 'publish', productIds?: string[]) => {
    setProblem(null);
    try {
      await publish.mutateAsync({ mode, ...(productIds && { product_ids: productIds }) });
      void message.success(t(`listings.queued.${mode}`));
    } catch (error) {
      const params = notConnectedParams(error, t);
      setProblem({ text: errorMessage(error, t, { params }), connect: notConnectedRegion(error) !== null });
    }
  };
  // Once per arrival (a ref, not state: a second effect run must not ask Amazon twice); more products than
  // one request may name are dry-run as the whole inventory.
  const section = useRef<HTMLDivElement>(null);
  const dryRunAsked = useRef(false);
  useEffect(() => {
    if (!dryRun?.length || dryRunAsked.current) return;
    dryRunAsked.current = true;
    onDryRunStarted?.();
    section.current?.scrollIntoView?.({ block: 'start' });
    void start('preview', dryRun.length <= LISTINGS_PER_REQUEST ? dryRun : undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- started once, when the page opens with it
  }, [dryRun]);

  const confirmPublish = () =>
    modal.confirm({
      title: t('listings.confirm.title'),
      width: 560,
      content: (
        <Space orientation="vertical">
          <Typography.Paragraph>{t('listings.confirm.policy')}</Typography.Paragraph>
          <Typography.Paragraph>{t('listings.confirm.record')}</Typography.Paragraph>
        </Space>
      ),
      okText: t('listings.confirm.ok'),
      cancelText: t('listings.confirm.cancel'),
      onOk: () => start('publish'),
    });
  const setSync = async (body: { enabled: boolean; paused?: boolean; release_hold?: boolean }) => {
    try {
      await sync.mutateAsync(body);
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };

  return (
    <Card title={t('listings.title')} data-testid="listings-section" ref={section}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('listings.intro')}</Typography.Text>
        {view?.sync.account_paused && <Alert type="warning" showIcon title={t('listings.accountPaused')} />}
        {view?.sync.hold && (
          <HoldAlert
            hold={view.sync.hold}
            onRelease={() => void setSync({ enabled: true, release_hold: true })}
          />
        )}
        {problem && (
          <Alert
            type="error"
            showIcon
            title={problem.text}
            action={problem.connect ? <ConnectAmazonLink /> : undefined}
          />
        )}
        <Flex wrap gap={16} align="center">
          <Button icon={<ExperimentOutlined />} loading={busy} onClick={() => void start('preview')}>
            {t('listings.preview')}
          </Button>
          <Button type="primary" icon={<CloudUploadOutlined />} disabled={busy} onClick={confirmPublish}>
            {t('listings.publish')}
          </Button>
          <Space>
            <Switch
              id="listings-sync"
              checked={view?.sync.enabled ?? false}
              loading={sync.isPending}
              onChange={(enabled) => void setSync({ enabled })}
            />
            <label htmlFor="listings-sync">{t('listings.sync')}</label>
          </Space>
          <Space>
            <Switch
              id="listings-paused"
              checked={view?.sync.paused ?? false}
              disabled={!view?.sync.enabled}
              loading={sync.isPending}
              onChange={(paused) => void setSync({ enabled: true, paused })}
            />
            <label htmlFor="listings-paused">{t('listings.pause')}</label>
          </Space>
          <Space>
            <Switch
              id="listings-account-paused"
              checked={view?.sync.account_paused ?? false}
              loading={accountPause.isPending}
              onChange={(paused) =>
                void accountPause.mutateAsync(paused).catch((error: unknown) => {
                  void message.error(errorMessage(error, t));
                })
              }
            />
            <label htmlFor="listings-account-paused">{t('listings.pauseAccount')}</label>
          </Space>
          <ShippingTemplateSelect inventoryId={inventory.id} />
        </Flex>
        {view?.last_run && view.last_run.status !== 'queued' && view.last_run.status !== 'running' && (
          <RunResults
            run={view.last_run}
            onPage={(page) => setFilters((old) => ({ ...old, results_page: page }))}
          />
        )}
        {busy && <RunProgress run={view?.last_run} />}
        {view?.last_run?.rates_of && <RatesOf of={view.last_run.rates_of} testId="listing-run-rates-of" />}
        <ListingsFilterBar
          counts={view?.counts}
          filters={filters}
          // A new filter starts at its first page.
          onChange={(next) => setFilters((old) => ({ ...next, page: 1, results_page: old.results_page }))}
        />
        <ListingsTable
          inventoryId={inventory.id}
          toCountry={inventory.to_country}
          listings={view?.listings ?? []}
          lastRun={view?.last_run}
          page={view?.page}
          loading={listings.isFetching && listings.isPlaceholderData}
          onPage={(page) => setFilters((old) => ({ ...old, page }))}
        />
      </Flex>
    </Card>
  );
}

/** A held run: the price moves and the quantities it holds back, and the button that sends them. */
function HoldAlert({
  hold,
  onRelease,
}: {
  hold: NonNullable<ListingsView['sync']['hold']>;
  onRelease: () => void;
}) {
  const { t } = useTranslation();
  const quantities = (hold.zeroed ?? 0) + (hold.restocked ?? 0) > 0;
  const prices = hold.changed > 0 || !quantities;
  return (
    <Alert
      type="warning"
      showIcon
      title={
        prices
          ? t('listings.hold.title', { changed: hold.changed, total: hold.total })
          : t('listings.hold.quantities', { zeroed: hold.zeroed ?? 0, restocked: hold.restocked ?? 0 })
      }
      description={
        <>
          {hold.parity && (
            <Typography.Paragraph data-testid="hold-parity">
              {t('listings.hold.parity', {
                from: hold.parity.from,
                to: hold.parity.to,
                rates: t(`ratesOf.${hold.parity.source}`, {
                  date: dayjs(hold.parity.as_of).format('D MMMM YYYY'),
                }),
              })}
            </Typography.Paragraph>
          )}
          {prices && quantities && (
            <Typography.Paragraph>
              {t('listings.hold.quantities', { zeroed: hold.zeroed ?? 0, restocked: hold.restocked ?? 0 })}
            </Typography.Paragraph>
          )}
          {t(quantities ? 'listings.hold.quantityBody' : 'listings.hold.body')}
        </>
      }
      action={
        <Button onClick={onRelease}>
          {t(quantities ? 'listings.hold.releaseChanges' : 'listings.hold.release')}
        </Button>
      }
    />
  );
}

/** How far a run is: its verdicts so far against the products it covers, once the worker has started it. */
function RunProgress({ run }: { run: ListingRun | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!run || run.status !== 'running' || run.total === 0)
    return <Typography.Text>{t('listings.running')}</Typography.Text>;
  const done = run.counts?.checked ?? run.results.length;
  const text = t(`listings.progress.${run.mode}`, {
    done: formatNumber(done, i18n.language),
    total: formatNumber(run.total, i18n.language),
  });
  return (
    <Flex vertical gap={4} data-testid="listings-progress">
      <Typography.Text>{text}</Typography.Text>
      <Progress percent={Math.floor((done / run.total) * 100)} aria-label={text} />
    </Flex>
  );
}
