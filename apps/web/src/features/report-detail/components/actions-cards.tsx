import { DownloadOutlined } from '@ant-design/icons';
import { buildProductIdList } from '@crossmarket/domain';
import { App, Button, Card, Col, Flex, Row, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDetail } from '../api/report';
import { AddToInventoryCard } from './add-to-inventory';
import { downloadText, exportFileName } from './download';

/** Download Inventory File (through the export drawer), Download Product ID List and Add to Inventory. */
export const ActionsCards = memo(function ActionsCards({
  report,
  selected,
  filteredIds,
  settingsDefined,
  onExport,
}: {
  report: ReportDetail;
  selected: ReadonlySet<string>;
  filteredIds: readonly string[];
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
  const idList = (ids: readonly string[]) =>
    downloadText(exportFileName('product-ids', report), buildProductIdList(ids));
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
              disabled={filteredIds.length === 0}
              onClick={() => idList(filteredIds)}
            >
              {t('reportDetail.actions.downloadAll')}
            </Button>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <AddToInventoryCard report={report} selected={selected} filteredIds={filteredIds} />
      </Col>
    </Row>
  );
});
