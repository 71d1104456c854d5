import { Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { formatNumber } from '../../../lib/format-number';
import { useSupplierLists, type UploadedSupplierList } from '../api/supplier-lists';
import { SupplierListFields, type SupplierDraft } from './supplier-list-fields';

/** Where a supplier report's list comes from: a new file, or one of the lists already uploaded. */
export type SupplierChoice = { mode: 'new' } | { mode: 'uploaded'; listId: string | null };

/**
 * The supplier source of the Create New Report drawer (issue 62): a file to upload and map, or, once the
 * seller has uploaded lists, one of them chosen again (its buying country with it), so the same file is
 * not uploaded and checked twice.
 */
export function SupplierSource({
  draft,
  onDraft,
  choice,
  onChoice,
  country,
}: {
  draft: SupplierDraft;
  onDraft: (draft: SupplierDraft) => void;
  choice: SupplierChoice;
  onChoice: (choice: SupplierChoice, list?: UploadedSupplierList) => void;
  country: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { data: lists = [] } = useSupplierLists(true);
  const n = (x: number) => formatNumber(x, i18n.language);
  const choose =
    lists.length > 0 ? (
      <Form.Item label={t('suppliers.source.label')}>
        <Radio.Group
          value={choice.mode}
          onChange={(e) =>
            onChoice(e.target.value === 'new' ? { mode: 'new' } : { mode: 'uploaded', listId: null })
          }
          options={[
            { value: 'new', label: t('suppliers.source.new') },
            { value: 'uploaded', label: t('suppliers.source.uploaded') },
          ]}
        />
      </Form.Item>
    ) : null;
  if (choice.mode === 'new' || lists.length === 0) {
    return (
      <>
        {choose}
        <SupplierListFields draft={draft} onChange={onDraft} country={country} />
      </>
    );
  }
  return (
    <>
      {choose}
      <Form.Item label={t('suppliers.source.list')} required>
        <Select
          aria-label={t('suppliers.source.list')}
          placeholder={t('suppliers.source.choose')}
          value={choice.listId}
          onChange={(id: string) =>
            onChoice(
              { mode: 'uploaded', listId: id },
              lists.find((l) => l.id === id),
            )
          }
          data-testid="supplier-list-choice"
          options={lists.map((l) => ({
            value: l.id,
            label: t('suppliers.source.option', {
              supplier: l.supplier.name,
              file: l.file_name,
              date: dayjs(l.created_at).format('ll'),
              lines: n(l.good),
              country: l.country.toUpperCase(),
            }),
          }))}
        />
      </Form.Item>
    </>
  );
}
