import { FILTERS, MAX_FILTER_TERMS, type FilterGroup, type FilterSet } from '@crossmarket/domain';
import { Alert, App, Button, Collapse, Drawer, Flex, Form, Input, Result, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { zodRules } from '../../../lib/zod-form';
import {
  FilterCard,
  readAppliedFilters,
  TOO_MUCH,
  useFilterForm,
  type FilterOptionLists,
} from '../../filter-editor';
import { useFilterSet, useUpdateFilterSet } from '../api/filter-sets';

/** A set is not tied to a report: no option lists from results, no currency symbols. */
const NO_OPTIONS: FilterOptionLists = { categories: [], bsr_categories: [] };
const GROUPS: readonly FilterGroup[] = ['cross', 'to'];
const TOAST = 'filter-set-save';

/** The edit drawer of `/filter-sets/:filterSetId`: the set's name and its filters as cards. */
export function EditFilterSetDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  // The set stays shown while the drawer slides out after the route has dropped its id.
  const [shownId, setShownId] = useState(id);
  if (id && id !== shownId) setShownId(id);
  const set = useFilterSet(shownId);
  const notFound = set.error instanceof ApiError && set.error.status === 404;
  return (
    <Drawer title={t('filterSetsPage.drawer.title')} open={!!id} onClose={onClose} size={800} destroyOnHidden>
      {set.data ? (
        <EditFilterSetForm key={set.data.id} set={set.data} onSaved={onClose} />
      ) : set.isError ? (
        <Result
          status={notFound ? '404' : 'error'}
          title={notFound ? t('filterSetsPage.drawer.notFound') : t('filterSetsPage.failed')}
          subTitle={notFound ? t('filterSetsPage.drawer.notFoundBody') : undefined}
          extra={<Button onClick={onClose}>{t('common.back')}</Button>}
          data-testid="filter-set-not-found"
        />
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin aria-label={t('common.loading')} />
        </Flex>
      )}
    </Drawer>
  );
}

function EditFilterSetForm({ set, onSaved }: { set: FilterSet; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const update = useUpdateFilterSet();
  const [problem, setProblem] = useState<string | null>(null);
  const applied = useMemo(() => readAppliedFilters(set.content), [set.content]);
  // Every card is usable: a set is not tied to a report, so no filter waits for settings.
  const { drafts, errors, onDraft, collect } = useFilterForm(applied.filters, set.content, true);

  const groups = useMemo(() => {
    const sorted = (group: FilterGroup) =>
      FILTERS.filter((f) => f.group === group).sort((a, b) =>
        t(a.labelKey).localeCompare(t(b.labelKey), i18n.language),
      );
    return { cross: sorted('cross'), to: sorted('to') };
  }, [t, i18n.language]);

  const save = async ({ name }: { name: string }) => {
    setProblem(null);
    const collected = collect();
    if (!collected.ok) {
      setProblem(
        collected.reason === 'invalid' ? 'filterSetsPage.drawer.invalid' : TOO_MUCH[collected.reason][0],
      );
      return;
    }
    if (collected.filters.length === 0) {
      setProblem('validation.filterSet.atLeastOne');
      return;
    }
    void message.open({ key: TOAST, type: 'loading', content: t('common.loading'), duration: 0 });
    try {
      await update.mutateAsync({ id: set.id, name: name.trim(), content: collected.encoded });
      void message.open({ key: TOAST, type: 'success', content: t('filterSetsPage.updated') });
      onSaved();
    } catch {
      void message.open({ key: TOAST, type: 'error', content: t('filterSetsPage.failed') });
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={save}
      initialValues={{ name: set.name }}
      data-testid="filter-set-form"
    >
      {applied.malformed && (
        <Alert
          type="warning"
          showIcon
          title={t('validation.filters.malformed')}
          style={{ marginBottom: 12 }}
        />
      )}
      <Form.Item
        name="name"
        label={t('filterSetsPage.drawer.name')}
        rules={zodRules((s) => s.filterSetNameSchema, 'name')}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Collapse
        defaultActiveKey={[...GROUPS]}
        items={GROUPS.map((group) => ({
          key: group,
          label: t(`filterSetsPage.drawer.${group}`),
          children: (
            <Flex vertical gap={8}>
              {groups[group].map((def) => (
                <FilterCard
                  key={def.id}
                  def={def}
                  draft={drafts[def.id]}
                  error={errors[def.id]}
                  settingsDefined
                  currencySymbol={null}
                  options={NO_OPTIONS}
                  onDraft={onDraft}
                />
              ))}
            </Flex>
          ),
        }))}
      />
      {problem && (
        <Alert
          type="error"
          showIcon
          title={t(problem, { max: MAX_FILTER_TERMS })}
          role="alert"
          style={{ marginTop: 12 }}
        />
      )}
      <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}
