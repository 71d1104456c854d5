import type { InventoryProduct, InventoryProductPack } from '@crossmarket/domain';
import { App, Button, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format-number';
import { useConfirmPack } from '../api/inventories';

/**
 * A supplier-fed product's pack in the inventory's products (issue 62): a pack that differs from Amazon's
 * or that Amazon does not state is held from publishing, and a listing of it sells nothing, until the
 * seller confirms the buy price it gives. The action opens a dialog naming the supplier's pack, Amazon's
 * quantity and that buy price (unit cost × Amazon's quantity); the server takes the confirmation only for
 * the quantity shown. A confirmed pack shows as such; a product with nothing to confirm shows nothing.
 */
export function PackCell({ inventoryId, product }: { inventoryId: string; product: InventoryProduct }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const confirmPack = useConfirmPack(inventoryId);
  const pack = product.pack;
  if (!pack) return <Typography.Text type="secondary">—</Typography.Text>;
  if (pack.confirmed) return <Tag color="green">{t('inventoryView.pack.confirmed')}</Tag>;

  const money = (n: number | null) =>
    n === null || pack.currency === null
      ? t('reportDetail.na')
      : formatMoney(n, pack.currency, i18n.language);
  const open = () =>
    modal.confirm({
      title: t('inventoryView.pack.title', { id: product.code }),
      width: 520,
      content: <PackFacts pack={pack} money={money} />,
      okText: t('inventoryView.pack.ok'),
      cancelText: t('inventoryView.pack.cancel'),
      onOk: async () => {
        try {
          await confirmPack.mutateAsync({ code: product.code, amazon_quantity: pack.amazon_quantity });
          void message.success(t('inventoryView.pack.done', { id: product.code }));
        } catch (error) {
          void message.error(errorMessage(error, t));
        }
      },
    });

  return (
    <Flex vertical gap={4} align="start">
      <Tag color="warning">{t(`inventoryView.pack.${pack.verdict}`)}</Tag>
      <Button
        size="small"
        aria-label={t('inventoryView.pack.confirmOf', { id: product.code })}
        onClick={open}
      >
        {t('inventoryView.pack.confirm')}
      </Button>
    </Flex>
  );
}

function PackFacts({ pack, money }: { pack: InventoryProductPack; money: (n: number | null) => string }) {
  const { t } = useTranslation();
  const units = (n: number | null) =>
    n === null ? t('inventoryView.pack.notStated') : t('inventoryView.pack.units', { count: n });
  return (
    <Space orientation="vertical">
      <Typography.Paragraph>{t(`inventoryView.pack.why.${pack.verdict}`)}</Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'supplier',
            label: t('inventoryView.pack.supplierPack'),
            children: units(pack.supplier_pack),
          },
          {
            key: 'amazon',
            label: t('inventoryView.pack.amazonQuantity'),
            children: units(pack.amazon_quantity),
          },
          {
            key: 'price',
            label: t('inventoryView.pack.buyPrice'),
            children: t('inventoryView.pack.buyPriceIs', {
              unit: money(pack.unit_cost),
              count: pack.amazon_quantity ?? pack.supplier_pack ?? 0,
              price: money(pack.buy_price),
            }),
          },
        ]}
      />
      <Typography.Paragraph>{t('inventoryView.pack.after')}</Typography.Paragraph>
    </Space>
  );
}
