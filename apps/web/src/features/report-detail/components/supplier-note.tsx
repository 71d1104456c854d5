import type { ResultRowView } from '../api/filter-results';
import { Tag, useCellKit, type Countries } from './cell-kit';

/**
 * A supplier list report's row: the line it is bought from and how sure the match is, the pack question
 * (a pack that differs from Amazon's, or Amazon not saying, is flagged, never settled by a guess) and the
 * minimum order with its cost and the profit of the products it makes.
 */
export function SupplierNote({ row, countries }: { row: ResultRowView; countries: Countries }) {
  const { t } = useCellKit();
  const note = row.supplier;
  if (!note) return null;
  const order = note.min_order;
  return (
    <>
      <Tag
        color={note.confidence === 'exact' || note.confidence === 'asin' ? 'neutral' : 'gold'}
        data-testid="supplier-match"
      >
        {t('reportDetail.supplier.match', {
          line: note.line,
          identifier: `${note.identifier_kind} ${note.identifier}`,
          confidence: t(`reportDetail.supplier.confidence.${note.confidence}`),
        })}
      </Tag>
      <Tag color={note.pack === 'same' ? 'neutral' : 'orange'} data-testid="supplier-pack">
        {t(`reportDetail.supplier.pack.${note.pack}`, {
          amazon: note.amazon_quantity ?? '',
          supplier: note.supplier_pack,
          units: note.units,
          cost: note.buy_price.toFixed(2),
          currency: note.currency,
        })}
      </Tag>
      <Tag color="neutral" data-testid="supplier-order">
        {t('reportDetail.supplier.minOrder', {
          packs: order.packs,
          products: order.products,
          cost: order.cost.toFixed(2),
          currency: note.currency,
        })}
        {order.profit !== null &&
          ` · ${t('reportDetail.supplier.orderProfit', { profit: order.profit.toFixed(2), currency: countries.to.currency.code })}`}
      </Tag>
    </>
  );
}
