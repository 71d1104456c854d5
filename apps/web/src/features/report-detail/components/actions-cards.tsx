import { DownloadOutlined } from '@ant-design/icons';
import { buildProductIdList } from '@crossmarket/domain';
import { App, Button, Card, Col, Flex, Row, Typography } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import type { ReportDetail } from '../api/report';
import { AddToInventoryCard } from './add-to-inventory';
import { downloadText, exportFileName } from './download';

/** Download Inventory File (through the export drawer), Download Product ID List and Add to Inventory. */
export const ActionsCards = memo(function ActionsCards({
  report,
  selected,
  filteredCount,
  loadIds,
  settingsDefined,
  onExport,
}: {
  report: ReportDetail;
  selected: ReadonlySet<string>;
  /** How many products the view matches; `loadIds` gives their IDs (waiting when still on their way). */
  filteredCount: number;
  loadIds: () => Promise<readonly string[]>;
  settingsDefined: boolean;
  onExport: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const openExport = () => {
    if (selected.size === 0) {
      void message.warning(t('validation.exports.noProducts', { sell_type: 'fbm' }));
      return;
    }
    if (!settingsDefined) {
      void message.warning(t('validation.exports.settingsFirst'));
      return;
    }
    onExport();
  };
  const [listing, setListing] = useState(false);
  const idList = (ids: readonly string[]) =>
    downloadText(exportFileName('product-ids', report), buildProductIdList(ids));
  const listAll = async () => {
    setListing(true);
    try {
      idList(await loadIds());
    } catch (error) {
      void message.error(errorMessage(error, t));
    } finally {
      setListing(false);
    }
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12} xl={8}>
        <Card size="small" title={t('reportDetail.actions.inventory')}>
          <Typography.Paragraph>{t('reportDetail.actions.inventoryText')}</Typography.Paragraph>
          <Button type="primary" icon={<DownloadOutlined />} onClick={openExport}>
            {t('reportDetail.actions.inventory')}
          </Button>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Card size="small" title={t('reportDetail.actions.idList')}>
          <Typography.Paragraph>{t('reportDetail.actions.idListText')}</Typography.Paragraph>
          <Flex gap={8} wrap>
            <Button
              icon={<DownloadOutlined />}
              disabled={selected.size === 0}
              onClick={() => idList([...selected])}
            >
              {t('reportDetail.actions.downloadSelected')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              disabled={filteredCount === 0}
              loading={listing}
              onClick={() => void listAll()}
            >
              {t('reportDetail.actions.downloadAll')}
            </Button>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <AddToInventoryCard
          report={report}
          selected={selected}
          filteredCount={filteredCount}
          loadIds={loadIds}
        />
      </Col>
    </Row>
  );
});
