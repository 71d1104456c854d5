import { PlusOutlined } from '@ant-design/icons';
import { inventoryLimitOf, type Inventory, type ListingRemovalChoice } from '@crossmarket/domain';
import { Alert, App, Breadcrumb, Button, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatch, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { useMe } from '../account';
import { useDeleteInventory, useInventories } from './api/inventories';
import { errorMessage } from '../../lib/error-message';
import { ApiError } from '../../lib/api-client';
import { InventoriesTable } from './components/inventories-table';
import { ListingRemovalQuestion } from './components/listing-removal';
import { InventoryDrawer, type DrawerTarget } from './components/inventory-drawer';

const TOAST = 'inventory-delete';

/**
 * `/inventories`, with the Create New drawer at `/inventories/new` and an inventory's Settings drawer at
 * `/inventories/:inventoryId/settings` (the same list behind them).
 */
export function InventoriesPage() {
  const { t } = useTranslation();
  usePageTitle('inventoriesPage.title');
  const navigate = useNavigate();
  const { inventoryId } = useParams();
  const creating = useMatch('/inventories/new') !== null;
  const { modal, message } = App.useApp();
  const { data: inventories = [], isLoading } = useInventories();
  const remove = useDeleteInventory();
  // The plan's limit on inventories (the server refuses one more with the same message).
  const { data: me } = useMe();
  const limit = me ? inventoryLimitOf(me.user_data.plan.code) : undefined;
  const full = limit !== undefined && inventories.length >= limit;
  const target: DrawerTarget = creating
    ? { mode: 'create' }
    : inventoryId
      ? { mode: 'edit', id: inventoryId }
      : null;

  const confirmDelete = (inventory: Inventory) => {
    // Offers on Amazon never stay selling unwatched: the server takes them down as chosen here (it ignores
    // the choice when the inventory has none) and keeps the inventory until Amazon confirmed it.
    let onAmazon: ListingRemovalChoice = 'quantity_zero';
    return modal.confirm({
      title: t('inventoriesPage.deleteConfirm'),
      content: (
        <Space orientation="vertical">
          {inventory.title}
          <ListingRemovalQuestion
            question={t('inventoriesPage.deleteOnAmazon')}
            onChange={(choice) => (onAmazon = choice)}
          />
        </Space>
      ),
      okText: t('common.yes'),
      okButtonProps: { danger: true },
      cancelText: t('common.no'),
      onOk: async () => {
        void message.open({ key: TOAST, type: 'loading', content: t('common.loading'), duration: 0 });
        try {
          const deleting = await remove.mutateAsync({ id: inventory.id, onAmazon });
          void message.open({
            key: TOAST,
            type: 'success',
            content: deleting
              ? t(`inventoriesPage.deletingOnAmazon.${deleting.on_amazon}`, { count: deleting.listings })
              : t('inventoriesPage.deleted'),
          });
        } catch (error) {
          console.error('Deleting the inventory failed', error);
          // A refusal the seller can act on (the account's listings pause) is said as the server says it.
          const said = error instanceof ApiError && error.status === 409;
          void message.open({
            key: TOAST,
            type: 'error',
            content: said ? errorMessage(error, t) : t('inventoriesPage.deleteFailed'),
          });
        }
      },
    });
  };

  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/">{t('nav.home')}</Link> }, { title: t('inventoriesPage.title') }]}
        style={{ marginBottom: 8 }}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t('inventoriesPage.title')}
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => void navigate('/inventories/new')}
        >
          {t('inventoriesPage.create')}
        </Button>
      </Flex>
      <Alert
        type="info"
        showIcon
        title={t('inventoriesPage.explanation')}
        style={{ marginBottom: 16 }}
        data-testid="inventories-explanation"
      />
      {full && (
        <Alert
          type="warning"
          showIcon
          title={t('validation.inventory.limitReached', { limit })}
          style={{ marginBottom: 16 }}
          data-testid="inventories-limit"
        />
      )}
      <InventoriesTable
        inventories={inventories}
        loading={isLoading}
        onSettings={(inventory) => void navigate(`/inventories/${inventory.id}/settings`)}
        onDelete={confirmDelete}
      />
      <InventoryDrawer target={target} onClose={() => void navigate('/inventories')} />
    </>
  );
}
