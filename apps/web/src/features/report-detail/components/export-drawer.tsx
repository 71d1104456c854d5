import {
  buildAutoPriceFile,
  buildInventoryFile,
  DEFAULT_EXPORT_OPTIONS,
  selectExportItems,
  type ExportOptions,
  type IncludeOption,
} from '@crossmarket/domain';
import { Alert, App, Button, Checkbox, Drawer, Flex, Form, Input, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useMe } from '../../account';
import { fetchExport } from '../api/exports';
import type { ReportDetail } from '../api/report';
import { downloadText, exportFileName } from './download';

const INCLUDE: IncludeOption[] = ['dont_include', 'include_zero_stock', 'include_with_x'];

/**
 * Exporting {count} products: the drawer's options applied by the domain's `selectExportItems` to one
 * /v1/exports answer, written by the domain's file writers (the inventory file, and the AutoPrice file
 * when a rule name is given).
 */
export function ExportDrawer({
  open,
  onClose,
  report,
  productIds,
  matchingIds,
}: {
  open: boolean;
  onClose: () => void;
  report: ReportDetail;
  productIds: readonly string[];
  /** Every product ID the view's filters match (waits for the list when it is still on its way). */
  matchingIds: () => Promise<readonly string[]>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: me } = useMe();
  const [options, setOptions] = useState<ExportOptions>(DEFAULT_EXPORT_OPTIONS);
  const [ruleName, setRuleName] = useState('');
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hasSkus = Object.keys(report.skus ?? {}).length > 0;
  const set = (patch: Partial<ExportOptions>) => setOptions((o) => ({ ...o, ...patch }));

  const download = async () => {
    setPreparing(true);
    setError(null);
    try {
      const [{ data }, matching] = await Promise.all([
        fetchExport(report.id, productIds),
        matchingIds().then((ids) => new Set(ids)),
      ]);
      const items = selectExportItems(
        data.map((row) => ({ ...row, matchesFilters: matching.has(row.product_id) })),
        options,
        { userId: me?.user.id ?? '', reportSkus: report.skus },
      );
      if (items.length === 0) {
        setError(t('reportDetail.export.nothing'));
        return;
      }
      const handlingTime = report.settings?.handling_time ?? 2;
      downloadText(exportFileName('inventory', report), buildInventoryFile(items, { handlingTime }));
      if (ruleName.trim()) {
        const file = buildAutoPriceFile(items, {
          country: report.to_country,
          currency: report.to_country_info.currency.code,
          ruleName,
        });
        downloadText(exportFileName('autoprice', report), file);
      }
      void message.success(t('reportDetail.export.done', { count: items.length }));
    } catch (e) {
      setError(errorMessage(e, t));
    } finally {
      setPreparing(false);
    }
  };

  const includeGroup = (key: 'notMatching' | 'notAvailable') => (
    <Form.Item label={t(`reportDetail.export.${key}`)}>
      <Radio.Group
        aria-label={t(`reportDetail.export.${key}`)}
        value={options[key]}
        onChange={(e) => set({ [key]: e.target.value as IncludeOption })}
        options={INCLUDE.map((v) => ({ value: v, label: t(`reportDetail.export.include.${v}`) }))}
      />
    </Form.Item>
  );

  return (
    <Drawer
      title={t('reportDetail.export.title', { count: productIds.length })}
      open={open}
      onClose={onClose}
      size={800}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('reportDetail.export.compatible', { country: report.to_country_info.name })}
      </Typography.Paragraph>
      <Form layout="vertical">
        {includeGroup('notMatching')}
        {includeGroup('notAvailable')}
        <Flex vertical gap={8} style={{ marginBottom: 16 }}>
          <Checkbox
            checked={options.skipZeroStock}
            onChange={(e) => set({ skipZeroStock: e.target.checked })}
          >
            {t('reportDetail.export.skipZero')}
          </Checkbox>
          <Checkbox
            checked={options.withSkus}
            disabled={!hasSkus}
            onChange={(e) => set({ withSkus: e.target.checked })}
          >
            {t('reportDetail.export.withSkus')}
            {!hasSkus && ` (${t('reportDetail.export.noSkus')})`}
          </Checkbox>
          <Checkbox
            checked={options.excludeBanned}
            onChange={(e) => set({ excludeBanned: e.target.checked })}
          >
            {t('reportDetail.export.excludeBanned')}
          </Checkbox>
          {!options.excludeBanned && (
            <Alert type="error" showIcon title={t('reportDetail.export.bannedWarning')} />
          )}
          {report.restrictions && (
            <Checkbox
              checked={options.excludeCannotList}
              onChange={(e) => set({ excludeCannotList: e.target.checked })}
            >
              {t('reportDetail.export.excludeCannotList')}
            </Checkbox>
          )}
        </Flex>
        <Form.Item
          label={t('reportDetail.export.ruleName')}
          htmlFor="export-rule-name"
          extra={t('reportDetail.export.ruleNameHint')}
        >
          <Input
            id="export-rule-name"
            value={ruleName}
            onChange={(e) => setRuleName(e.target.value)}
            maxLength={100}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="warning" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Flex gap={8} align="center">
        <Button type="primary" onClick={() => void download()} loading={preparing} disabled={preparing}>
          {t('reportDetail.export.download')}
        </Button>
        {preparing && <Typography.Text>{t('reportDetail.export.preparing')}</Typography.Text>}
      </Flex>
    </Drawer>
  );
}
