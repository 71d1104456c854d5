import { SIDE_STATUSES, type ProductSide } from '@crossmarket/domain';
import { CopyOutlined } from '@ant-design/icons';
import { App, Descriptions, Popover } from 'antd';
import { createContext, memo, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { productUrl } from '../../../lib/product-url';
import type { CountryInfo } from '../api/report';
import type { ResultRowView } from '../api/filter-results';
import { moneyFormat, numberFormat, type MoneyFormat, type NumberFormat } from './money';
import { DangerousGoodsTag } from './dangerous-goods-tag';

export interface Countries {
  from: CountryInfo;
  to: CountryInfo;
}

/** The status reason of an unavailable side (the specification's texts, and `noanswer`'s). */
export function statusReasonKey(status: ProductSide['status']) {
  return status !== 'ok' && SIDE_STATUSES.includes(status) ? `statusReason.${status}` : 'statusReason.other';
}

// A page of results repaints after every filter change: 50 rows of five cells. The cells are plain
// elements styled by index.css (`cm-*`, on antd's CSS variables) rather than antd components, whose
// style hooks, contexts and effects per instance made most of that time; the texts and formatters come
// from one context instead of a useTranslation per cell.

interface CellKit {
  /** i18next's `t`, each text kept once made: a page repeats the same labels hundreds of times. */
  t: (key: string, options?: Record<string, unknown>) => string;
  money: MoneyFormat;
  num: NumberFormat;
}

const CellKitContext = createContext<CellKit | null>(null);

/** The texts and formatters of the cells below, in the interface language. */
export function CellKitProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const kit = useMemo<CellKit>(() => {
    const texts = new Map<string, string>();
    const text = (key: string, options?: Record<string, unknown>) => {
      const id = options ? `${key}\u0000${JSON.stringify(options)}` : key;
      let made = texts.get(id);
      if (made === undefined) {
        if (texts.size >= 5000) texts.clear();
        made = String(options ? t(key, options) : t(key));
        texts.set(id, made);
      }
      return made;
    };
    const na = text('reportDetail.na');
    return { t: text, money: moneyFormat(lang, na), num: numberFormat(lang, na) };
  }, [t, lang]);
  return <CellKitContext.Provider value={kit}>{children}</CellKitContext.Provider>;
}

export function useCellKit() {
  const kit = useContext(CellKitContext);
  if (!kit) throw new Error('The result cells need a CellKitProvider above them');
  return kit;
}

export type TagColor = 'red' | 'orange' | 'blue' | 'gold' | 'cyan' | 'purple' | 'green' | 'neutral';

/** antd's filled Tag as a plain span (index.css `.cm-tag`). */
export function Tag({
  color,
  children,
  ...rest
}: {
  color: TagColor;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <span className={`cm-tag cm-tag-${color}`} {...rest}>
      {children}
    </span>
  );
}

/** Copies a product ID; one small icon button instead of Typography's copyable (a tooltip per row). */
function CopyButton({ text, label, copied }: { text: string; label: string; copied: string }) {
  const { message } = App.useApp();
  return (
    <button
      type="button"
      className="cm-btn cm-btn-icon"
      aria-label={label}
      onClick={() =>
        void navigator.clipboard
          ?.writeText(text)
          .then(() => message.success(copied, 1))
          .catch(() => undefined)
      }
    >
      <CopyOutlined />
    </button>
  );
}

/**
 * A small button that opens a popover on click. The Popover (a trigger, a portal and their effects) is
 * mounted on the first click only, open at once; a page of rows shows two of these per row.
 */
export function PopoverButton({
  label,
  content,
  className = 'cm-btn',
  testId,
}: {
  label: string;
  content: () => ReactNode;
  /** The button's look: a small button by default, a tag for a row's restriction. */
  className?: string;
  testId?: string;
}) {
  const [mounted, setMounted] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    // Mounting the Popover replaces the button: focus follows it (a keyboard user stays in place).
    if (mounted && refocus.current) ref.current?.focus();
  }, [mounted]);
  const button = (
    <button
      type="button"
      className={className}
      ref={ref}
      data-testid={testId}
      onClick={(e) => {
        if (mounted) return;
        refocus.current = document.activeElement === e.currentTarget;
        setMounted(true);
      }}
    >
      {label}
    </button>
  );
  if (!mounted) return button;
  return (
    <Popover trigger="click" defaultOpen title={label} content={content()}>
      {button}
    </Popover>
  );
}

export const ProductDetails = memo(function ProductDetails({
  row,
  countries,
  onSellers,
  restrictionOf,
}: {
  row: ResultRowView;
  countries: Countries;
  onSellers: (productId: string) => void;
  /** The row's listing restriction tag (restriction-tag.tsx); absent where the report has no phase. */
  restrictionOf?: (row: ResultRowView) => ReactNode;
}) {
  const { t } = useCellKit();
  const side = row.row_to.title ? row.row_to : row.row_cross;
  const image = row.row_cross.image ?? row.row_to.image;
  return (
    <div className="cm-details">
      {image ? (
        <img src={image} alt="" width={48} height={48} loading="lazy" className="cm-thumb" />
      ) : (
        <div className="cm-thumb" />
      )}
      <div className="cm-stack cm-min0">
        <div className="clamp-2" title={side.title ?? undefined}>
          {side.title ?? t('reportDetail.na')}
        </div>
        <div className="cm-line cm-line-ids">
          <span className="cm-text">
            <code className="cm-code">{row.product_id}</code>
          </span>
          <CopyButton
            text={row.product_id}
            label={t('reportDetail.copy')}
            copied={t('reportDetail.copied')}
          />
          {(['from', 'to'] as const).map((k) => (
            <a
              key={k}
              className="cm-link"
              href={productUrl(countries[k].code, row.product_id)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('reportDetail.row.openOn', {
                code: countries[k].flag_code,
                country: countries[k].name,
              })}
            >
              {countries[k].flag_code}
            </a>
          ))}
        </div>
        <div className="cm-line">
          {restrictionOf?.(row)}
          <DangerousGoodsTag row={row} countries={countries} />
          {row.banned && (
            <Tag color="red">
              {t('reportDetail.row.banned')}: {t(`bannedReason.${row.banned}`)}
            </Tag>
          )}
          {row.row_cross.status !== 'ok' && (
            <Tag color="orange" data-testid="status-reason">
              {t(statusReasonKey(row.row_cross.status))}
            </Tag>
          )}
          {row.row_cross.status === 'ok' && row.row_to.status !== 'ok' && (
            <Tag color="orange" data-testid="status-reason">
              {t(statusReasonKey(row.row_to.status))}
            </Tag>
          )}
        </div>
        <button type="button" className="cm-btn cm-self-start" onClick={() => onSellers(row.product_id)}>
          {t('reportDetail.row.sellers')}
        </button>
      </div>
    </div>
  );
});

export const BasicInfo = memo(function BasicInfo({ row }: { row: ResultRowView }) {
  const { t, num } = useCellKit();
  const to = row.row_to;
  const cross = row.row_cross;
  const limit = cross.max_order_quantity;
  const low = limit != null && limit < 5;
  const packageDetails = () => {
    const dims = cross.package_dimensions ?? to.package_dimensions;
    const weight = cross.weight ?? to.weight;
    return (
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('reportDetail.row.dimensions')}>
          {dims
            ? `${num(dims.length)} × ${num(dims.width)} × ${num(dims.height)} ${dims.unit}`
            : t('reportDetail.na')}
        </Descriptions.Item>
        <Descriptions.Item label={t('reportDetail.row.weight')}>
          {weight ? `${num(weight.value)} ${weight.unit}` : t('reportDetail.na')}
        </Descriptions.Item>
        <Descriptions.Item label={t('reportDetail.row.packageName')}>
          {cross.product_size?.package_name ?? t('reportDetail.na')}
        </Descriptions.Item>
      </Descriptions>
    );
  };
  const salesRanks = () => (
    <div className="cm-stack cm-gap-0">
      {(['cross', 'to'] as const).map((k) => {
        const rank = row[`row_${k}`].sales_rank;
        return (
          <span key={k}>
            {t(`reportDetail.columns.${k}`)}:{' '}
            {rank
              ? t('reportDetail.row.rankIn', {
                  rank: num(rank.rank),
                  category: rank.category,
                  level: t(`reportDetail.row.level.${rank.level}`),
                })
              : t('reportDetail.na')}
          </span>
        );
      })}
    </div>
  );
  return (
    <div className="cm-stack">
      <span>
        {t('reportDetail.row.brand')}: {to.brand ?? cross.brand ?? t('reportDetail.na')}
      </span>
      <div className="cm-line">
        <PopoverButton label={t('reportDetail.row.package')} content={packageDetails} />
        <PopoverButton label={t('reportDetail.row.salesRank')} content={salesRanks} />
      </div>
      <span>
        {t('reportDetail.row.reviews', { count: to.review_count ?? 0, formatted: num(to.review_count) })} ·{' '}
        {to.review_rating == null ? t('reportDetail.na') : `${num(to.review_rating)} / 5`}
      </span>
      <span>
        {t('reportDetail.row.orderLimit')}:{' '}
        {low ? (
          <span className="cm-text cm-text-danger">
            <strong className="cm-strong">{num(limit)}</strong>
          </span>
        ) : (
          <span className="cm-text">{num(limit)}</span>
        )}
      </span>
    </div>
  );
});

export const SideCell = memo(function SideCell({ side, currency }: { side: ProductSide; currency: string }) {
  const { t, money, num } = useCellKit();
  const dates = side.buybox?.s_dates;
  return (
    <div className="cm-stack">
      <span>
        {t('reportDetail.row.buybox')}: {money(side.buybox?.buy_price, currency)}
      </span>
      <span>
        {t('reportDetail.row.lowest')}: {money(side.lowest?.buy_price, currency)}
      </span>
      <span>
        {t('reportDetail.row.sellersCount')}: {num(side.total_prices_count)}
      </span>
      {dates && <span>{t('reportDetail.row.delivery', { min: dates.min_days, max: dates.max_days })}</span>}
      <div className="cm-line">
        {side.buybox?.is_fba && <Tag color="blue">FBA</Tag>}
        {side.buybox?.available_later && <Tag color="orange">{t('reportDetail.sellers.availableLater')}</Tag>}
        {side.coupon && (
          <Tag color="gold">
            {t('reportDetail.row.coupon')}{' '}
            {side.coupon.type === 'percent' ? `${side.coupon.value}%` : money(side.coupon.value, currency)}
          </Tag>
        )}
        {side.is_prime && <Tag color="cyan">Prime</Tag>}
        {side.is_amazonchoice && <Tag color="purple">AmazonChoice</Tag>}
      </div>
    </div>
  );
});

export const CostProfit = memo(function CostProfit({
  row,
  settingsDefined,
  currency,
  onRates,
  intlUnset = false,
}: {
  row: ResultRowView;
  settingsDefined: boolean;
  currency: string;
  /** The profit counts no international leg (the lane has no rate card, or the product no parcel). */
  intlUnset?: boolean;
  /** Opens the product's own rates. */
  onRates: (productId: string) => void;
}) {
  const { t, money, num } = useCellKit();
  if (!settingsDefined)
    return <span className="cm-text cm-text-secondary">{t('reportDetail.row.defineSettings')}</span>;
  const fbm = row.fbm;
  if (fbm.reason === 'ppr_failed')
    return <span className="cm-text cm-text-danger">{t('statusReason.ppr_failed')}</span>;
  return (
    <div className="cm-stack">
      <span>
        {t('reportDetail.row.cost')}: {money(fbm.cost_in_tc, currency)}
      </span>
      {/* Every figure says at which price it is taken: profit and PPR at the selling side's buy box (what
          filters, sorts and charts use), then the price the rules set, which is what the file lists. */}
      <span data-testid="at-buybox">
        {fbm.sell_price.buybox == null
          ? t('reportDetail.row.noBuybox')
          : t('reportDetail.row.atBuybox', { price: money(fbm.sell_price.buybox, currency) })}
      </span>
      <span className="cm-indent">
        PPR: {fbm.profit_percent.buybox == null ? t('reportDetail.na') : `${num(fbm.profit_percent.buybox)}%`}
      </span>
      <span className="cm-indent">
        {t('reportDetail.row.profit')}: {money(fbm.profit_amount.buybox, currency)}
      </span>
      <span data-testid="our-price">
        {t('reportDetail.row.ourPrice')}: {money(fbm.std_price ?? fbm.sell_price.buybox, currency)}
      </span>
      {intlUnset && (
        // The hint on hover, and in words for screen readers: not the colour alone.
        <span
          className="cm-tag cm-tag-orange cm-self-start"
          title={t('reportDetail.row.intlUnsetHint')}
          data-testid="intl-unset"
        >
          <span aria-hidden="true">⚠ </span>
          {t('reportDetail.row.intlUnset')}
          <span className="sr-only">{t('reportDetail.row.intlUnsetHint')}</span>
        </span>
      )}
      <span className="cm-text cm-text-secondary" data-testid="fee-source">
        {t('reportDetail.row.fee', {
          rate: num(fbm.commission_rate),
          source: t(`reportDetail.fees.source.${fbm.commission_source}`),
        })}
        {fbm.closing_fee ? ` + ${money(fbm.closing_fee, currency)}` : ''}
      </span>
      {!fbm.available && fbm.reason && fbm.reason !== 'ppr_failed' && (
        <span className="cm-text cm-text-warning">{t('reportDetail.row.notForFbm')}</span>
      )}
      {row.individual && (
        <span data-testid="own-rates">
          {t('reportDetail.rates.own')}: {num(row.individual.min)} / {num(row.individual.std)} /{' '}
          {num(row.individual.max)}%
        </span>
      )}
      <button type="button" className="cm-btn cm-self-start" onClick={() => onRates(row.product_id)}>
        {t(row.individual ? 'reportDetail.rates.edit' : 'reportDetail.rates.set')}
      </button>
    </div>
  );
});
