import { DeleteOutlined, EditOutlined, EllipsisOutlined } from '@ant-design/icons';
import type { FilterSet } from '@crossmarket/domain';
import { Button, Dropdown, Empty, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';

const shortId = (id: string) => id.split('-')[0];

export interface FilterSetsTableProps {
  sets: FilterSet[];
  loading: boolean;
  onEdit: (set: FilterSet) => void;
  onDelete: (set: FilterSet) => void;
}

/** The Filter Sets page's table: index, name (created, short id), filters count, actions menu. */
export function FilterSetsTable({ sets, loading, onEdit, onDelete }: FilterSetsTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<FilterSet> = [
    {
      title: t('filterSetsPage.columns.index'),
      key: 'index',
      width: 56,
      render: (_, __, index) => index + 1,
    },
    {
      title: t('filterSetsPage.columns.name'),
      key: 'name',
      render: (_, s) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{s.name}</Typography.Text>
          <Typography.Text type="secondary">
            {t('filterSetsPage.createdAt', { date: dayjs(s.created_at).format('L LT') })}
          </Typography.Text>
          <Typography.Text type="secondary" code>
            {shortId(s.id)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('filterSetsPage.columns.filters'),
      key: 'filters',
      render: (_, s) => t('filterSetsPage.filtersCount', { count: s.filters_count }),
    },
    {
      title: t('filterSetsPage.columns.actions'),
      key: 'actions',
      width: 96,
      render: (_, s) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              {
                key: 'edit',
                icon: <EditOutlined />,
                label: t('filterSetsPage.edit'),
                onClick: () => onEdit(s),
              },
              {
                key: 'delete',
                icon: <DeleteOutlined />,
                danger: true,
                label: t('filterSetsPage.delete'),
                onClick: () => onDelete(s),
              },
            ],
          }}
        >
          <Button
            icon={<EllipsisOutlined />}
            aria-label={t('filterSetsPage.actionsFor', { name: s.name })}
            data-testid={`filter-set-actions-${s.id}`}
          />
        </Dropdown>
      ),
    },
  ];
  return (
    <Table
      rowKey="id"
      columns={columns}
      dataSource={sets}
      loading={loading}
      pagination={false}
      scroll={{ x: 600 }}
      locale={{
        emptyText: loading ? (
          <span />
        ) : (
          <Empty description={<Typography.Text strong>{t('filterSetsPage.empty.title')}</Typography.Text>}>
            <Typography.Paragraph type="secondary">{t('filterSetsPage.empty.body')}</Typography.Paragraph>
          </Empty>
        ),
      }}
    />
  );
}
