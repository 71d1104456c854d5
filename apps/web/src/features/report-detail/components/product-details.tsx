import { App } from 'antd';
import { memo, type ReactNode } from 'react';
import { productUrl } from '../../../lib/product-url';
import type { ResultRowView } from '../api/filter-results';
import { statusReasonKey, Tag, useCellKit, type Countries } from './cell-kit';
import { DangerousGoodsTag } from './dangerous-goods-tag';
import { LookUpButton, notLookedUp } from './look-up-button';
import { SupplierNote } from './supplier-note';

/** Copies a product ID; one small icon button instead of Typography's copyable (a tooltip per row). */
function CopyButton({ text, label, copied }: { text: string; label: string; copied: string }) {
  const { message } = App.useApp();
  return (
    <button
      type="button"
      className="cm-btn cm-btn-icon cm-btn-copy"
      aria-label={label}
      onClick={() =>
        void navigator.clipboard
          ?.writeText(text)
          .then(() => message.success(copied, 1))
          .catch(() => undefined)
      }
    >
      {/* The icon is drawn by CSS (index.css .cm-btn-copy): three nodes less on each of a page's rows. */}
    </button>
  );
}

export const ProductDetails = memo(function ProductDetails({
  row,
  reportId,
  settingsDefined = true,
  countries,
  onSellers,
  restrictionOf,
}: {
  row: ResultRowView;
  reportId: string;
  /** Whether the report has saved settings (a check is priced with them, else with the defaults). */
  settingsDefined?: boolean;
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
          <code className="cm-text cm-code">{row.product_id}</code>
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
          {/* On the ID line, not a line of its own: denser rows (issue 46 item 7). */}
          <button type="button" className="cm-btn" onClick={() => onSellers(row.product_id)}>
            {t('reportDetail.row.sellers')}
          </button>
        </div>
        <div className="cm-line">
          {restrictionOf?.(row)}
          <SupplierNote row={row} countries={countries} />
          <DangerousGoodsTag row={row} countries={countries} />
          {row.banned && (
            <Tag color="red">{`${t('reportDetail.row.banned')}: ${t(`bannedReason.${row.banned}`)}`}</Tag>
          )}
          {/* Which side the reason is about: the specification's text after the side's country code, as the
              columns name them ("Buying country (US)"); a code keeps the row to its height (issue 59). */}
          {row.row_cross.status !== 'ok' && (
            <Tag color="orange" data-testid="status-reason">
              {t('reportDetail.row.sideReason', {
                side: countries.from.flag_code.toUpperCase(),
                reason: t(statusReasonKey(row.row_cross.status)),
              })}
            </Tag>
          )}
          {row.row_cross.status === 'ok' && row.row_to.status !== 'ok' && (
            <Tag color="orange" data-testid="status-reason">
              {t('reportDetail.row.sideReason', {
                side: countries.to.flag_code.toUpperCase(),
                reason: t(statusReasonKey(row.row_to.status)),
              })}
            </Tag>
          )}
          {/* Not looked up because the seller cannot list it: the quick check on request (issue 63). */}
          {notLookedUp(row) && (
            <LookUpButton
              row={row}
              reportId={reportId}
              settingsDefined={settingsDefined}
              countries={countries}
            />
          )}
        </div>
      </div>
    </div>
  );
});
