import type { ListingRestrictionState } from '@crossmarket/domain';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import type { ResultRowView } from '../api/filter-results';
import { useCheckAgain } from '../api/restrictions';
import { PopoverButton, useCellKit, type TagColor } from './product-cells';

const COLORS: Record<ListingRestrictionState, TagColor> = {
  can_list: 'green',
  approval_required: 'gold',
  cannot_list: 'red',
};

type Restriction = NonNullable<ResultRowView['restriction']>;

/** What Amazon said, its approval link, when it was asked, and "Check again". */
function RestrictionDetails({
  reportId,
  productId,
  restriction,
}: {
  reportId: string;
  productId: string;
  restriction: Restriction | null;
}) {
  const { t } = useTranslation();
  const again = useCheckAgain(reportId);
  return (
    <Flex vertical gap={8} style={{ maxWidth: 320 }} data-testid="restriction-details">
      {restriction && restriction.reasons.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {restriction.reasons.map((reason, i) => (
            <li key={i}>{reason}</li>
          ))}
        </ul>
      )}
      {restriction?.approval_url && (
        <Typography.Link href={restriction.approval_url} target="_blank" rel="noopener noreferrer">
          {t('reportDetail.restrictions.requestApproval')}
        </Typography.Link>
      )}
      {restriction && (
        <Typography.Text type="secondary">
          {t('reportDetail.restrictions.checkedAt', { date: dayjs(restriction.checked_at).format('LL LT') })}
        </Typography.Text>
      )}
      <Button size="small" loading={again.isPending} onClick={() => again.mutate(productId)}>
        {t('reportDetail.restrictions.checkAgain')}
      </Button>
      {again.error && (
        <Typography.Text type="danger" role="alert">
          {errorMessage(again.error, t)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Products the phase checks: found (and answered) in the selling country, as the server counts them. */
const checkable = (row: ResultRowView) => row.row_to.status !== 'dog' && row.row_to.status !== 'noanswer';

/**
 * The row's listing restriction as a tag; a click opens the details (mounted on the first click only, as
 * the row's other popovers: a page shows 50 of these). A product the phase checks but has no answer for
 * shows "Not checked" with "Check again" once the phase is over; one not found in the selling country,
 * nothing.
 */
export function RestrictionTag({
  reportId,
  row,
  running,
}: {
  reportId: string;
  row: ResultRowView;
  /** The report's phase is still checking: a missing answer is on its way. */
  running: boolean;
}) {
  const { t } = useCellKit();
  const restriction = row.restriction ?? null;
  if (!restriction && (running || !checkable(row))) return null;
  const state = restriction?.state ?? 'not_checked';
  return (
    <PopoverButton
      label={t(`reportDetail.restrictions.state.${state}`)}
      className={`cm-tag cm-tag-${restriction ? COLORS[restriction.state] : 'neutral'}`}
      testId="restriction-tag"
      content={() => (
        <RestrictionDetails reportId={reportId} productId={row.product_id} restriction={restriction} />
      )}
    />
  );
}
