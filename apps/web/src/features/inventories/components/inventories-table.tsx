import { DeleteOutlined, EllipsisOutlined, SettingOutlined } from '@ant-design/icons';
import type { Inventory } from '@crossmarket/domain';
import { Button, Dropdown, Empty, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from '../../../lib/dayjs';
import { Country } from '../../../lib/country';
import { formatNumber } from '../../../lib/format-number';
import { UpdateSummary } from './update-state';

const shortId = (id: string) => id.split('-')[0];

export interface InventoriesTableProps {
  inventories: Inventory[];
  loading: boolean;
  onSettings: (inventory: Inventory) => void;
  onDelete: (inventory: Inventory) => void;
}

/**
 * The Inventories page's table: index, title (created, short id; a link to the inventory's products),
 * the countries, the filter set it uses, its products, the last update, and the actions menu.
 */
export function InventoriesTable({ inventories, loading, onSettings, onDelete }: InventoriesTableProps) {
  const { t, i18n } = useTranslation();
  const columns: ColumnsType<Inventory> = [
    {
      title: t('inventoriesPage.columns.index'),
      key: 'index',
      width: 56,
      render: (_, __, index) => index + 1,
    },
    {
      title: t('inventoriesPage.columns.title'),
      key: 'title',
      render: (_, i) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/inventories/${i.id}`}>
            <strong>{i.title}</strong>
          </Link>
          <Typography.Text type="secondary">
            {t('inventoriesPage.createdAt', { date: dayjs(i.created_at).format('L LT') })}
          </Typography.Text>
          <Typography.Text type="secondary" code>
            {shortId(i.id)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('inventoriesPage.columns.countries'),
      key: 'countries',
      render: (_, i) => (
        <Space size={4}>
          <Country code={i.from_country} />
          <span aria-hidden>→</span>
          <Country code={i.to_country} />
        </Space>
      ),
    },
    {
      title: t('inventoriesPage.columns.filterSet'),
      key: 'filterSet',
      render: (_, i) =>
        i.filter_set ? (
          <Space orientation="vertical" size={0}>
            <span>{i.filter_set.name}</span>
            <Typography.Text type="secondary">
              {t('inventoriesPage.filtersCount', { count: i.filter_set.filters_count })}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('inventoriesPage.noFilterSet')}</Typography.Text>
        ),
    },
    {
      title: t('inventoriesPage.columns.products'),
      key: 'products',
      render: (_, i) => (
        <Link to={`/inventories/${i.id}`} data-testid={`inventory-products-${i.id}`}>
          {t('inventoriesPage.productsCount', {
            count: i.products_count,
            formatted: formatNumber(i.products_count, i18n.language),
          })}
        </Link>
      ),
    },
    {
      title: t('inventoriesPage.columns.lastUpdate'),
      key: 'update',
      render: (_, i) => <UpdateSummary update={i.update} />,
    },
    {
      title: t('inventoriesPage.columns.actions'),
      key: 'actions',
      width: 96,
      render: (_, i) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              {
                key: 'settings',
                icon: <SettingOutlined />,
                label: t('inventoriesPage.settings'),
                onClick: () => onSettings(i),
              },
              {
                key: 'delete',
                icon: <DeleteOutlined />,
                danger: true,
                label: t('inventoriesPage.delete'),
                onClick: () => onDelete(i),
              },
            ],
          }}
        >
          <Button
            icon={<EllipsisOutlined />}
            aria-label={t('inventoriesPage.actionsFor', { title: i.title })}
            data-testid={`inventory-actions-${i.id}`}
          />
        </Dropdown>
      ),
    },
  ];
  return (
    <Table
      rowKey="id"
      columns={columns}
      dataSource={inventories}
      loading={loading}
      pagination={false}
      scroll={{ x: 900 }}
      locale={{
        emptyText: loading ? (
          <span />
        ) : (
          <Empty description={<Typography.Text strong>{t('inventoriesPage.empty.title')}</Typography.Text>}>
            <Typography.Paragraph type="secondary">{t('inventoriesPage.empty.body')}</Typography.Paragraph>
          </Empty>
        ),
      }}
    />
  );
}
