import {
  buildDuplicateRemovalFile,
  duplicateRemovalFileName,
  type DuplicateListing,
} from '@crossmarket/domain';
import { Alert, Button, Checkbox, Flex, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../../lib/download';
import { formatNumber } from '../../../lib/format-number';

export interface DuplicatesPreviewProps {
  /** The uploaded file's name: the download is named after it. */
  fileName: string;
  duplicates: DuplicateListing[];
}

/** The listings the delete file will remove (paged), the confirmation checkbox and Start. */
export function DuplicatesPreview({ fileName, duplicates }: DuplicatesPreviewProps) {
  const { t, i18n } = useTranslation();
  const [confirmed, setConfirmed] = useState(false);
  const [downloaded, setDownloaded] = useState<string | null>(null);

  const columns: TableColumnsType<DuplicateListing> = [
    { key: 'sku', dataIndex: 'sku', title: t('tools.remover.columns.sku') },
    { key: 'asin', dataIndex: 'productId', title: t('tools.remover.columns.asin') },
    { key: 'kept', dataIndex: 'keptSku', title: t('tools.remover.columns.kept') },
  ];

  const start = () => {
    const name = duplicateRemovalFileName(fileName);
    downloadText(name, buildDuplicateRemovalFile(duplicates));
    setDownloaded(name);
  };

  return (
    <Flex vertical gap={16}>
      <Table<DuplicateListing>
        size="small"
        // At phone widths the table scrolls inside its card, not the page.
        scroll={{ x: 'max-content' }}
        rowKey="line"
        columns={columns}
        dataSource={duplicates}
        caption={
          <span style={{ display: 'block', textAlign: 'start', paddingBottom: 8 }}>
            {t('tools.remover.duplicates', {
              count: duplicates.length,
              formatted: formatNumber(duplicates.length, i18n.language),
            })}
          </span>
        }
        pagination={{ defaultPageSize: 10, showSizeChanger: true, hideOnSinglePage: true }}
        data-testid="duplicates-table"
      />
      <Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)}>
        {t('tools.remover.confirm')}
      </Checkbox>
      <div>
        <Button type="primary" disabled={!confirmed} onClick={start}>
          {t('tools.remover.start')}
        </Button>
      </div>
      {downloaded && (
        <Alert type="success" showIcon title={t('tools.remover.downloaded', { name: downloaded })} />
      )}
    </Flex>
  );
}
