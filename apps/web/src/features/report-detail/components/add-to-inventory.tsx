import { CloudUploadOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Flex, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { regionName } from '../../../lib/country';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format-number';
import {
  InventoryDrawer,
  useAddInventoryProducts,
  useInventories,
  type DryRunState,
} from '../../inventories';
import type { ReportDetail } from '../api/report';

type Outcome = { type: 'success' | 'error'; text: string };
/** A supplier report's products left out as their pack differs or is unknown (issue 62): the retry's. */
type PackLeftOut = { inventoryId: string; ids: string[]; count: number; then: 'stay' | 'list' };

/**
 * Add to Inventory: the selection, or every filtered product when none is selected, into one of the
 * user's inventories with the report's countries. All of them fit the plan's inventory quota or none
 * is added (the server's 409 says how many still fit). "List on Amazon {country}" adds them the same way
 * and opens that inventory's Listings section with a dry run of them.
 */
export function AddToInventoryCard({
  report,
  selected,
  filteredCount,
  loadIds,
}: {
  report: Pick<ReportDetail, 'id' | 'from_country' | 'to_country'>;
  selected: ReadonlySet<string>;
  filteredCount: number;
  /** Every filtered product's ID (waits for the list when it is still on its way). */
  loadIds: () => Promise<readonly string[]>;
}) {
  const { t, i18n } = useTranslation();
  const inventories = useInventories(report.to_country);
  const add = useAddInventoryProducts();
  const [chosen, setChosen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [packLeftOut, setPackLeftOut] = useState<PackLeftOut | null>(null);
  const [packChecked, setPackChecked] = useState(false);
  const matching = useMemo(
    () => (inventories.data ?? []).filter((i) => i.from_country === report.from_country),
    [inventories.data, report.from_country],
  );
  const count = selected.size > 0 ? selected.size : filteredCount;
  const inventoryId = matching.some((i) => i.id === chosen) ? chosen : null;
  const [listing, setListing] = useState(false);
  // The Create New drawer, starting with the report's countries; the new inventory is then chosen.
  const [creating, setCreating] = useState(false);

  const navigate = useNavigate();
  const send = async (
    target: string,
    ids: readonly string[],
    then: 'stay' | 'list',
    confirmPack: boolean,
  ) => {
    setOutcome(null);
    setPackLeftOut(null);
    setPackChecked(false);
    try {
      const done = await add.mutateAsync({
        id: target,
        report_id: report.id,
        product_ids: [...ids],
        ...(confirmPack ? { confirm_pack: true } : {}),
      });
      // Rows whose Amazon pack differs from the supplier's, or is unknown, wait for the seller's word.
      if (done.pack_left_out) {
        setPackLeftOut({ inventoryId: target, ids: [...ids], count: done.pack_left_out, then });
      }
      if (then === 'list' && !done.pack_left_out) {
        const state: DryRunState = { dryRun: [...ids] };
        void navigate(`/inventories/${target}`, { state });
        return;
      }
      setOutcome({
        type: 'success',
        text: t('reportDetail.addToInventory.added', {
          added: formatNumber(done.added, i18n.language),
          skipped: formatNumber(done.skipped, i18n.language),
          remaining: formatNumber(done.remaining, i18n.language),
        }),
      });
    } catch (error) {
      console.error('Adding products to the inventory failed', error);
      // Over the quota: how many still fit, in the reader's number format.
      const remaining = error instanceof ApiError ? error.params.remaining : undefined;
      const params =
        typeof remaining === 'number' ? { remaining: formatNumber(remaining, i18n.language) } : undefined;
      setOutcome({ type: 'error', text: errorMessage(error, t, { params }) });
    }
  };
  const submit = async (then: 'stay' | 'list') => {
    if (!inventoryId || count === 0) return;
    let ids: readonly string[] = [...selected];
    if (ids.length === 0) {
      setListing(true);
      try {
        ids = await loadIds().finally(() => setListing(false));
      } catch (error) {
        console.error('Loading the filtered products failed', error);
        setOutcome({ type: 'error', text: errorMessage(error, t) });
        return;
      }
    }
    await send(inventoryId, ids, then, false);
  };

  return (
    <Card size="small" title={t('reportDetail.addToInventory.title')} data-testid="add-to-inventory">
      <Typography.Paragraph>{t('reportDetail.addToInventory.text')}</Typography.Paragraph>
      {!inventories.isLoading && matching.length === 0 ? (
        <Typography.Paragraph type="secondary">
          {t('reportDetail.addToInventory.none')}{' '}
          {/* Opened over the report: leaving it would lose the selection the seller came to add. */}
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', textDecoration: 'underline' }}
            onClick={() => setCreating(true)}
          >
            {t('reportDetail.addToInventory.create')}
          </Button>
        </Typography.Paragraph>
      ) : (
        <Flex gap={8} wrap>
          <Select
            aria-label={t('reportDetail.addToInventory.choose')}
            placeholder={t('reportDetail.addToInventory.choose')}
            loading={inventories.isLoading}
            value={inventoryId}
            onChange={(id: string) => {
              setChosen(id);
              setOutcome(null);
            }}
            notFoundContent={t('reportDetail.notFound')}
            options={matching.map((i) => ({ value: i.id, label: i.title }))}
            style={{ minWidth: 220 }}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!inventoryId || count === 0}
            loading={listing || add.isPending}
            onClick={() => void submit('stay')}
          >
            {t(
              selected.size > 0
                ? 'reportDetail.addToInventory.addSelected'
                : 'reportDetail.addToInventory.addFiltered',
              { count, formatted: formatNumber(count, i18n.language) },
            )}
          </Button>
          <Button
            icon={<CloudUploadOutlined />}
            disabled={!inventoryId || count === 0}
            loading={listing || add.isPending}
            onClick={() => void submit('list')}
          >
            {t('reportDetail.addToInventory.listOnAmazon', {
              country: regionName(report.to_country, i18n.language),
            })}
          </Button>
        </Flex>
      )}
      <InventoryDrawer
        target={
          creating
            ? { mode: 'create', countries: { from: report.from_country, to: report.to_country } }
            : null
        }
        onClose={() => setCreating(false)}
        onSaved={(saved) => {
          setCreating(false);
          setChosen(saved.id);
          setOutcome(null);
        }}
      />
      {packLeftOut && (
        <Alert
          type="warning"
          showIcon
          role="status"
          style={{ marginTop: 12 }}
          data-testid="pack-left-out"
          title={t('reportDetail.addToInventory.packLeftOut', {
            count: packLeftOut.count,
            formatted: formatNumber(packLeftOut.count, i18n.language),
          })}
          description={
            <Flex vertical gap={8} align="flex-start">
              <Checkbox checked={packChecked} onChange={(e) => setPackChecked(e.target.checked)}>
                {t('reportDetail.addToInventory.packConfirm', {
                  count: packLeftOut.count,
                  formatted: formatNumber(packLeftOut.count, i18n.language),
                })}
              </Checkbox>
              <Button
                disabled={!packChecked}
                loading={add.isPending}
                onClick={() => void send(packLeftOut.inventoryId, packLeftOut.ids, packLeftOut.then, true)}
              >
                {t('reportDetail.addToInventory.packAdd', {
                  count: packLeftOut.count,
                  formatted: formatNumber(packLeftOut.count, i18n.language),
                })}
              </Button>
            </Flex>
          }
        />
      )}
      {outcome && (
        <Alert
          type={outcome.type}
          showIcon
          title={outcome.text}
          role={outcome.type === 'error' ? 'alert' : 'status'}
          style={{ marginTop: 12 }}
          data-testid="add-to-inventory-outcome"
        />
      )}
    </Card>
  );
}
