import { INVENTORY_TITLE_MAX, type PricingSettings, type RegionCode } from '@crossmarket/domain';
import { useTranslation } from 'react-i18next';
import { NameAndSaveModal } from '../../../lib/name-and-save-modal';
import { PickAndConfirm } from '../../../lib/pick-and-confirm';
import { loadSchemas, type SchemaPick } from '../../../lib/zod-form';
import { useCreateInventory, useInventories } from '../api/inventories';

const pickTitle: SchemaPick = (s) => s.inventoryFormSchema.pick({ title: true });

/**
 * The shape only, not today's rules: settings saved under older rules still load, and the form then
 * shows what to change.
 */
async function readSettings(settings: unknown): Promise<PricingSettings> {
  return (await loadSchemas()).pricingSettingsViewSchema.parse(settings);
}

/** Load an inventory's settings (those selling to `toCountry`); asks before replacing. */
export function LoadInventorySettings({
  toCountry,
  onLoad,
}: {
  toCountry: RegionCode;
  onLoad: (settings: PricingSettings) => void;
}) {
  const { t } = useTranslation();
  const inventories = useInventories(toCountry);
  return (
    <PickAndConfirm
      label={t('reportDetail.inventories.load')}
      testId="load-inventory-settings"
      items={inventories.data}
      loading={inventories.isLoading}
      option={(i) => ({ value: i.id, label: i.title })}
      notFound={t('reportDetail.notFound')}
      confirm={(i) => ({
        title: t('reportDetail.inventories.replaceTitle'),
        content: t('reportDetail.inventories.replaceBody', { title: i.title }),
      })}
      read={(i) => readSettings(i.settings)}
      unreadable={t('reportDetail.inventories.unreadable')}
      onLoad={onLoad}
      style={{ minWidth: 260 }}
    />
  );
}

/** Save as Inventory Settings: a title, then an inventory for the given countries with these settings. */
export function SaveInventoryModal({
  fromCountry,
  toCountry,
  settings,
  onClose,
}: {
  fromCountry: RegionCode;
  toCountry: RegionCode;
  /** The checked settings to save; null when closed. */
  settings: PricingSettings | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateInventory();
  return (
    <NameAndSaveModal
      open={settings !== null}
      title={t('reportDetail.inventories.saveTitle')}
      field={{
        name: 'title',
        label: t('reportDetail.inventories.title'),
        maxLength: INVENTORY_TITLE_MAX,
        pick: pickTitle,
      }}
      successText={t('reportDetail.inventories.created')}
      onSave={async (title) => {
        if (!settings) return;
        await create.mutateAsync({
          title,
          sell_type: 'fbm',
          from_country: fromCountry,
          to_country: toCountry,
          settings,
        });
      }}
      onClose={onClose}
    />
  );
}
