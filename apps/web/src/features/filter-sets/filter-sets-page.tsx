import { filterSetLimitOf, type FilterSet } from '@crossmarket/domain';
import { Alert, App, Breadcrumb, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { useMe } from '../account';
import { errorMessage } from '../../lib/error-message';
import { useDeleteFilterSet, useFilterSets } from './api/filter-sets';
import { EditFilterSetDrawer } from './components/edit-filter-set-drawer';
import { FilterSetsTable } from './components/filter-sets-table';

const TOAST = 'filter-set-delete';

/** `/filter-sets` and `/filter-sets/:filterSetId` (the same list with the edit drawer open). */
export function FilterSetsPage() {
  const { t } = useTranslation();
  usePageTitle('filterSetsPage.title');
  const navigate = useNavigate();
  const { filterSetId } = useParams();
  const { modal, message } = App.useApp();
  const { data: sets = [], isLoading } = useFilterSets();
  const remove = useDeleteFilterSet();
  // Sets are saved from a report's page; here the list says when the plan's limit is reached.
  const { data: me } = useMe();
  const limit = me ? filterSetLimitOf(me.user_data.plan.code) : undefined;
  const full = limit !== undefined && sets.length >= limit;

  const confirmDelete = (set: FilterSet) =>
    modal.confirm({
      title: t('filterSetsPage.deleteConfirm'),
      content: set.name,
      okText: t('common.yes'),
      okButtonProps: { danger: true },
      cancelText: t('common.no'),
      onOk: async () => {
        void message.open({ key: TOAST, type: 'loading', content: t('common.loading'), duration: 0 });
        try {
          await remove.mutateAsync(set.id);
          void message.open({ key: TOAST, type: 'success', content: t('filterSetsPage.deleted') });
        } catch (error) {
          // An inventory using the set says so; anything else only "Failed".
          void message.open({
            key: TOAST,
            type: 'error',
            content: errorMessage(error, t, { fallback: t('filterSetsPage.failed') }),
          });
        }
      },
    });

  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/">{t('nav.home')}</Link> }, { title: t('filterSetsPage.title') }]}
        style={{ marginBottom: 8 }}
      />
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('filterSetsPage.title')}
      </Typography.Title>
      {full && (
        <Alert
          type="warning"
          showIcon
          title={t('validation.filterSet.limitReached', { limit })}
          style={{ marginBottom: 16 }}
          data-testid="filter-sets-limit"
        />
      )}
      <FilterSetsTable
        sets={sets}
        loading={isLoading}
        onEdit={(set) => void navigate(`/filter-sets/${set.id}`)}
        onDelete={confirmDelete}
      />
      <EditFilterSetDrawer id={filterSetId} onClose={() => void navigate('/filter-sets')} />
    </>
  );
}
