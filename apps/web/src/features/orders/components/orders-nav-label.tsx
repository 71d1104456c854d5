import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrderCounts } from '../api/orders';

/**
 * The sidebar's Orders entry: its name and, beside it, how many orders wait on the seller (to buy, to ship,
 * problems). The link's name says it in words ("Orders 4 orders need you"): the badge's digits are for the
 * eye and hidden from screen readers, which would read the number twice.
 */
export function OrdersNavLabel() {
  const { t } = useTranslation();
  const { data } = useOrderCounts();
  const count = data?.needs_action ?? 0;
  return (
    <span data-testid="nav-orders">
      {t('nav.orders')}
      {count > 0 && (
        <>
          {' '}
          {/* The primary blue, as the bell's: antd's red under white text misses 4.5:1. */}
          <span aria-hidden="true">
            <Badge
              count={count}
              overflowCount={99}
              color="blue"
              size="small"
              data-testid="nav-orders-count"
            />
          </span>
          <span className="sr-only"> {t('nav.ordersNeedAction', { count })}</span>
        </>
      )}
    </span>
  );
}
