import { RESULT_PAGE_SIZES, type LaneSettings } from '@crossmarket/domain';
import { Button, Empty, Flex, Grid, Table, Typography } from 'antd';
import type { CheckboxChangeEvent, CheckboxProps } from 'antd/es/checkbox';
import type { ColumnsType } from 'antd/es/table';
import {
  isValidElement,
  memo,
  useDeferredValue,
  useMemo,
  useState,
  type ChangeEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import type { FilterResults, ResultRowView } from '../api/filter-results';
import { intlLegUnset } from '../intl-leg';
import {
  BasicInfo,
  CellKitProvider,
  CostProfit,
  ProductDetails,
  SideCell,
  type Countries,
} from './product-cells';

export interface ResultsTableProps {
  /** The report shown: a row looked up on request is priced with its settings. */
  reportId: string;
  results: FilterResults | undefined;
  loading: boolean;
  countries: Countries;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
  selected: ReadonlySet<string>;
  onSelectPage: (pageIds: string[], selectedOnPage: string[]) => void;
  onSellers: (productId: string) => void;
  onRates: (productId: string) => void;
  onBackToFilters: () => void;
  /** The row's listing restriction tag, where the report has the phase. */
  restrictionOf?: (row: ResultRowView) => ReactNode;
  /** The lane the report is priced with (null before lanes): says when a profit has no international leg. */
  lane?: LaneSettings | null;
}

/**
 * Sized so that every column shows without sideways scrolling from a 1280 px window (the sidebar and the
 * page's padding leave about 1,000 px): cells wrap their lines rather than widen. Wider windows share the
 * extra room; narrower ones scroll the table, with the checkbox and product columns held in place.
 */
// The profit cell is the widest of the figures' cells: its figures share lines there (issue 46 item 7).
const COLUMN_WIDTHS = { details: 250, basic: 150, side: 150, fbm: 230 };
/** Below `md` the held product column is narrower, or it would leave the scrolling ones no room. */
const COMPACT_DETAILS_WIDTH = 170;
const SELECTION_WIDTH = 32;
const tableMinWidth = (details: number) =>
  SELECTION_WIDTH + details + COLUMN_WIDTHS.basic + 2 * COLUMN_WIDTHS.side + COLUMN_WIDTHS.fbm;

/**
 * How many of a new page's rows its first frame shows: more than a window's height holds (a row is
 * never under about 80 px), the rest follow in a deferred render right after. A page of 50 to 200 rows
 * at once held that frame for most of Apply's time (bench: ui.click_to_paint); the rows below the
 * window are not seen before they arrive.
 */
const firstRows = () =>
  Math.max(10, Math.ceil((typeof window === 'undefined' ? 900 : window.innerHeight) / 70));

/**
 * The current page's rows only (the server pages); selection is kept by product ID across pages. New rows
 * for the same page number and size (Apply, which scrolls the table's top into view, a sort, a narrowed
 * filter) show their first rows (a window's worth) in the frame that follows the answer and the others in
 * a deferred render (useDeferredValue) right after; the table ends the same. A move with the pager (below
 * the table, where the last rows are in view) shows the whole page at once, as the first render does.
 */
export const ResultsTable = memo(function ResultsTable(props: ResultsTableProps) {
  const {
    reportId,
    results,
    loading,
    countries,
    page,
    size,
    onPage,
    selected,
    onSelectPage,
    onSellers,
    onRates,
  } = props;
  const restrictionOf = props.restrictionOf;
  const lane = props.lane ?? null;
  const { t, i18n } = useTranslation();
  const settingsDefined = results?.settings_defined ?? false;
  const rows = useMemo(() => results?.data ?? [], [results]);
  // Which page the rows on screen are of, and whether the newest ones may come in two steps.
  const [onScreen, setOnScreen] = useState({ rows, page, size, inSteps: false });
  if (onScreen.rows !== rows) {
    setOnScreen({ rows, page, size, inSteps: onScreen.page === page && onScreen.size === size });
  }
  // While the deferred render is pending this render still has the last rows here: show the new rows'
  // first ones now.
  const settled = useDeferredValue(rows);
  const inSteps = onScreen.inSteps && settled !== rows;
  const shown = useMemo(() => (inSteps ? rows.slice(0, firstRows()) : rows), [inSteps, rows]);
  const pageIds = useMemo(() => shown.map((r) => r.product_id), [shown]);
  const detailsWidth = Grid.useBreakpoint().md === false ? COMPACT_DETAILS_WIDTH : COLUMN_WIDTHS.details;

  const columns: ColumnsType<ResultRowView> = useMemo(
    () => [
      {
        title: t('reportDetail.columns.details'),
        key: 'details',
        width: detailsWidth,
        // On a narrow screen the table scrolls sideways under the product it describes.
        fixed: 'left',
        render: (_, row) => (
          <ProductDetails
            row={row}
            reportId={reportId}
            settingsDefined={settingsDefined}
            countries={countries}
            onSellers={onSellers}
            restrictionOf={restrictionOf}
          />
        ),
      },
      {
        title: t('reportDetail.columns.basic'),
        key: 'basic',
        width: COLUMN_WIDTHS.basic,
        render: (_, row) => <BasicInfo row={row} />,
      },
      {
        title: `${t('reportDetail.columns.cross')} (${countries.from.flag_code})`,
        key: 'cross',
        width: COLUMN_WIDTHS.side,
        render: (_, row) => <SideCell side={row.row_cross} currency={countries.from.currency.code} />,
      },
      {
        title: `${t('reportDetail.columns.to')} (${countries.to.flag_code})`,
        key: 'to',
        width: COLUMN_WIDTHS.side,
        render: (_, row) => <SideCell side={row.row_to} currency={countries.to.currency.code} />,
      },
      {
        title: t('reportDetail.columns.costProfit'),
        key: 'fbm',
        width: COLUMN_WIDTHS.fbm,
        render: (_, row) => (
          <CostProfit
            row={row}
            settingsDefined={settingsDefined}
            currency={countries.to.currency.code}
            onRates={onRates}
            intlUnset={intlLegUnset(lane, row.row_cross)}
          />
        ),
      },
    ],
    [t, reportId, countries, onSellers, onRates, settingsDefined, detailsWidth, restrictionOf, lane],
  );

  return (
    <CellKitProvider>
      <Table<ResultRowView>
        rowKey="product_id"
        bordered
        sticky
        size="small"
        columns={columns}
        dataSource={shown}
        loading={loading && rows.length === 0}
        scroll={{ x: tableMinWidth(detailsWidth) }}
        rowClassName={(row) => (row.row_cross.status !== 'ok' ? 'row-unavailable' : '')}
        rowSelection={{
          fixed: true,
          columnWidth: SELECTION_WIDTH,
          // The header checkbox would be copied into the table's aria-hidden measuring row (a focusable
          // element hidden from assistive technology); Select All below covers every filtered product.
          hideSelectAll: true,
          selectedRowKeys: pageIds.filter((id) => selected.has(id)),
          onChange: (keys) => onSelectPage(pageIds, keys as string[]),
          getCheckboxProps: (row) => ({ 'aria-label': t('reportDetail.selectRow', { id: row.product_id }) }),
          renderCell: (checked, _row, _index, origin) => <RowCheckbox checked={checked} origin={origin} />,
        }}
        pagination={{
          current: page,
          pageSize: size,
          total: results?.filtered_count ?? 0,
          showQuickJumper: true,
          showSizeChanger: true,
          pageSizeOptions: RESULT_PAGE_SIZES.map(String),
          showTotal: (count) =>
            t('reportDetail.totalItems', { count, formatted: formatNumber(count, i18n.language) }),
          onChange: onPage,
        }}
        locale={{
          emptyText: (
            <Empty description={<Typography.Text strong>{t('reportDetail.empty.title')}</Typography.Text>}>
              <Button type="primary" onClick={props.onBackToFilters}>
                {t('reportDetail.empty.back')}
              </Button>
            </Empty>
          ),
        }}
      />
    </CellKitProvider>
  );
});

type OriginProps = CheckboxProps & { 'aria-label'?: string };

/**
 * The row's checkbox as a native input (index.css `.cm-check`, antd's looks) instead of antd's Checkbox, whose
 * style hooks and wave effect per row weighed on every repaint. Table keeps the selection: the change goes to
 * the handler it gave its own checkbox (`origin`), shift-click ranges included.
 */
function RowCheckbox({ checked, origin }: { checked: boolean; origin: ReactNode }) {
  const props: OriginProps = isValidElement<OriginProps>(origin) ? origin.props : {};
  return (
    <input
      type="checkbox"
      className="cm-check"
      checked={checked}
      disabled={props.disabled}
      aria-label={props['aria-label']}
      onClick={(e) => e.stopPropagation()}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        const event: CheckboxChangeEvent = {
          target: { ...props, checked: e.target.checked },
          stopPropagation: () => e.stopPropagation(),
          preventDefault: () => e.preventDefault(),
          nativeEvent: e.nativeEvent as MouseEvent,
        };
        props.onChange?.(event);
      }}
    />
  );
}

/**
 * Select All ({count}) / Remove All over every filtered product, not just the page. The IDs come after
 * the page (api/filter-results.ts): a click before they are in waits for them, with a spinner; a failed
 * list says so beside the button, with a retry.
 */
export function SelectAllToggle({
  count,
  allSelected,
  selectedCount,
  onSelectAll,
  onClear,
  idsFailed,
  onRetryIds,
}: {
  count: number;
  allSelected: boolean;
  selectedCount: number;
  onSelectAll: () => Promise<void>;
  onClear: () => void;
  idsFailed: boolean;
  onRetryIds: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [selecting, setSelecting] = useState(false);
  const selectAll = async () => {
    setSelecting(true);
    // A failed list is said once, beside the button (idsFailed), with its retry.
    await onSelectAll()
      .catch((error: unknown) => console.error('The list of matching products failed', error))
      .finally(() => setSelecting(false));
  };
  return (
    <Flex gap={8} align="center" wrap>
      {allSelected ? (
        <Button onClick={onClear}>{t('reportDetail.removeAll')}</Button>
      ) : (
        <Button onClick={() => void selectAll()} disabled={count === 0} loading={selecting}>
          {t('reportDetail.selectAll', { count: formatNumber(count, i18n.language) })}
        </Button>
      )}
      {selectedCount > 0 && !allSelected && <Button onClick={onClear}>{t('reportDetail.removeAll')}</Button>}
      <Typography.Text data-testid="selected-count">
        {t('reportDetail.selected', {
          count: selectedCount,
          formatted: formatNumber(selectedCount, i18n.language),
        })}
      </Typography.Text>
      {idsFailed && !selecting && (
        <Typography.Text type="danger" role="alert">
          {t('reportDetail.idsFailed')}{' '}
          <Button size="small" onClick={onRetryIds}>
            {t('common.retry')}
          </Button>
        </Typography.Text>
      )}
    </Flex>
  );
}
