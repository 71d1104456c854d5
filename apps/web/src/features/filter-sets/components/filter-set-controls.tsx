import { decodeFilters, FILTER_SET_NAME_MAX, type ActiveFilter } from '@crossmarket/domain';
import { useTranslation } from 'react-i18next';
import { NameAndSaveModal } from '../../../lib/name-and-save-modal';
import { PickAndConfirm } from '../../../lib/pick-and-confirm';
import type { SchemaPick } from '../../../lib/zod-form';
import { useCreateFilterSet, useFilterSets } from '../api/filter-sets';

const pickName: SchemaPick = (s) => s.filterSetNameSchema;

/** Load a Filter Set: searchable, name and filter count; asks before replacing the current filters. */
export function LoadFilterSet({ onLoad }: { onLoad: (filters: ActiveFilter[]) => void }) {
  const { t } = useTranslation();
  const sets = useFilterSets();
  return (
    <PickAndConfirm
      label={t('reportDetail.filterSets.load')}
      testId="load-filter-set"
      items={sets.data}
      loading={sets.isLoading}
      option={(s) => ({
        value: s.id,
        label: `${s.name} (${t('reportDetail.filterSets.count', { count: s.filters_count })})`,
      })}
      notFound={t('reportDetail.notFound')}
      confirm={(s) => ({
        title: t('reportDetail.filterSets.replaceTitle'),
        content: t('reportDetail.filterSets.replaceBody', { name: s.name }),
      })}
      read={(s) => decodeFilters(s.content)}
      unreadable={t('validation.filters.malformed')}
      onLoad={onLoad}
    />
  );
}

/** The Save New Filter Set dialog: the count of what will be saved and a name. */
export function SaveFilterSetModal({
  pending,
  onClose,
}: {
  /** The encoded filters to save and how many they are; null when closed. */
  pending: { content: string; count: number } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateFilterSet();
  return (
    <NameAndSaveModal
      open={pending !== null}
      title={t('reportDetail.filterSets.saveTitle')}
      summary={t('reportDetail.filterSets.willSave', { count: pending?.count ?? 0 })}
      field={{
        name: 'name',
        label: t('reportDetail.filterSets.name'),
        hint: t('reportDetail.filterSets.nameHint'),
        maxLength: FILTER_SET_NAME_MAX,
        pick: pickName,
      }}
      successText={t('reportDetail.filterSets.created')}
      onSave={async (name) => {
        if (pending) await create.mutateAsync({ name, content: pending.content });
      }}
      onClose={onClose}
    />
  );
}
