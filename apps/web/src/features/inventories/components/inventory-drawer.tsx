import type { Inventory } from '@crossmarket/domain';
import { Button, Drawer, Flex, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useInventory } from '../api/inventories';
import { InventoryForm, type InventoryCountries } from './inventory-form';

/**
 * What the drawer shows: a new inventory (with the countries it starts with, if any), an inventory's
 * settings, or nothing (closed).
 */
export type DrawerTarget =
  { mode: 'create'; countries?: InventoryCountries } | { mode: 'edit'; id: string } | null;

/**
 * The 1100-wide drawer of `/inventories/new` (Create New) and `/inventories/:inventoryId/settings`
 * (Settings): the same form, empty or filled with the inventory.
 */
export function InventoryDrawer({
  target,
  onClose,
  onSaved = onClose,
}: {
  target: DrawerTarget;
  onClose: () => void;
  /** After a save (the drawer's owner closes it); by default the same as closing. */
  onSaved?: (saved: Inventory) => void;
}) {
  const { t } = useTranslation();
  // What was shown stays while the drawer slides out after the route has dropped it.
  const [shown, setShown] = useState(target);
  if (
    target &&
    (target.mode !== shown?.mode ||
      (target.mode === 'edit' && shown.mode === 'edit' && target.id !== shown.id))
  )
    setShown(target);
  const editId = shown?.mode === 'edit' ? shown.id : undefined;
  const inventory = useInventory(editId);
  const notFound = inventory.error instanceof ApiError && inventory.error.status === 404;

  let body: React.ReactNode;
  if (shown?.mode === 'create')
    body = <InventoryForm key="new" countries={shown.countries} onSaved={onSaved} />;
  else if (inventory.data)
    body = <InventoryForm key={inventory.data.id} inventory={inventory.data} onSaved={onSaved} />;
  else if (inventory.isError)
    body = (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('inventoriesPage.drawer.notFound') : t('inventoriesPage.failed')}
        subTitle={notFound ? t('inventoriesPage.drawer.notFoundBody') : undefined}
        extra={<Button onClick={onClose}>{t('common.back')}</Button>}
        data-testid="inventory-not-found"
      />
    );
  else
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin aria-label={t('common.loading')} />
      </Flex>
    );

  return (
    <Drawer
      title={t(
        shown?.mode === 'edit' ? 'inventoriesPage.drawer.editTitle' : 'inventoriesPage.drawer.createTitle',
      )}
      open={target !== null}
      onClose={onClose}
      size={1100}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
