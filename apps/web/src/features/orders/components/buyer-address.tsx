import type { OrderDetail } from '@crossmarket/domain';
import { Alert, Button, Card, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useOrderAddress } from '../api/orders';
import { sellerDateTime } from '../deadline';

/**
 * The buyer's address for the forwarder's final leg: read from the server only when the seller asks, shown
 * only to them, and not kept in the page once hidden. Erased 30 days after shipment (then it says when).
 */
export function BuyerAddress({ order }: { order: OrderDetail['order'] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const address = useOrderAddress(order.id, shown);
  if (order.address_erased)
    return (
      <Typography.Text type="secondary" data-testid="address-erased">
        {t('ordersPage.address.erased', {
          at: order.address_erase_at ? sellerDateTime(order.address_erase_at) : '—',
        })}
      </Typography.Text>
    );
  const a = address.data;
  return (
    <Flex vertical gap={8} data-testid="buyer-address">
      <Typography.Text type="secondary">
        {order.address_erase_at
          ? t('ordersPage.address.eraseAt', { at: sellerDateTime(order.address_erase_at) })
          : t('ordersPage.address.eraseAfter')}
      </Typography.Text>
      <div>
        <Button onClick={() => setShown((s) => !s)} aria-expanded={shown}>
          {t(shown ? 'ordersPage.address.hide' : 'ordersPage.address.show')}
        </Button>
      </div>
      {shown &&
        (address.isLoading ? (
          <Spin aria-label={t('common.loading')} />
        ) : address.isError ? (
          <Alert type="error" showIcon title={errorMessage(address.error, t)} />
        ) : a ? (
          <Card size="small">
            <Typography.Paragraph
              copyable
              style={{ whiteSpace: 'pre-line', marginBottom: 0 }}
              data-testid="address-text"
            >
              {[
                a.name,
                ...a.lines,
                [a.postal_code, a.city, a.state].filter(Boolean).join(' '),
                a.country,
                a.phone,
              ]
                .filter(Boolean)
                .join('\n')}
            </Typography.Paragraph>
          </Card>
        ) : (
          <Typography.Text>{t('ordersPage.address.none')}</Typography.Text>
        ))}
    </Flex>
  );
}
