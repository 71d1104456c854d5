import { regionByCode, type Inventory, type RegionCode } from '@crossmarket/domain';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { PriceHistory, type HistoryCountries } from '../../history';
import { WatchControl } from '../../watches';

const countryInfo = (code: RegionCode): HistoryCountries['from'] => {
  const region = regionByCode(code);
  return {
    code,
    name: region.name,
    flag_code: region.flag_code,
    currency: { code: region.currency.code, symbol: region.currency.symbol },
  };
};

/**
 * An inventory product's price and rank history (issue 49): the drawer's chart of a report, both sides
 * in the selling currency by the inventory's own parity, with Watch beside it.
 */
export function ProductHistoryDrawer({
  inventory,
  productId,
  onClose,
}: {
  inventory: Inventory;
  productId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = t('inventoryView.historyTitle', { id: productId ?? '' });
  return (
    <Drawer
      title={title}
      aria-label={title}
      open={productId !== null}
      onClose={onClose}
      size={600}
      destroyOnHidden
      data-testid="product-history-drawer"
    >
      {productId && (
        <PriceHistory
          productId={productId}
          countries={{ from: countryInfo(inventory.from_country), to: countryInfo(inventory.to_country) }}
          parity={inventory.settings.parity}
          extra={
            <WatchControl
              productId={productId}
              marketplaces={[inventory.from_country, inventory.to_country]}
            />
          }
        />
      )}
    </Drawer>
  );
}
