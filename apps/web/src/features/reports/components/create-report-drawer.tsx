import { InboxOutlined } from '@ant-design/icons';
import {
  buyingRegions,
  checkReportRequest,
  parseProductIds,
  sellingRegions,
  type Region,
} from '@crossmarket/domain';
import { Alert, Button, Drawer, Form, Input, Radio, Select, Space, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { countryOption } from '../../../lib/country';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format-number';
import { useMe } from '../../account';
import { useInventories } from '../../inventories';
import {
  AmazonConnectPrompt,
  ConnectAmazonLink,
  NotSellingPrompt,
  notConnectedParams,
  notConnectedRegion,
} from '../../settings';
import { useCreateReport, type CreatedReport, type ReportRequest } from '../api/reports';
import { useUploadSupplierList } from '../api/supplier-lists';
import { checkDraft, EMPTY_DRAFT, type SupplierDraft } from './supplier-list-fields';
import { SupplierSource, type SupplierChoice } from './supplier-source';

type Values = Omit<ReportRequest, 'file'> & { marketplace: 'amazon' };
/** What stopped the report: a text, and whether connecting an Amazon region in Settings would help. */
type Failure = { text: string; connect?: boolean };

const regionOptions = (regions: Region[], lang: string) => regions.map((r) => countryOption(r.code, lang));

/**
 * The Create New Report drawer. A report sent closes it, handing its four counts to the list
 * (`onCreated`); a refusal keeps it open with the form and the reason.
 */
export function CreateReportDrawer({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedReport) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { data: me } = useMe();
  const create = useCreateReport();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [draft, setDraft] = useState<SupplierDraft>(EMPTY_DRAFT);
  const [choice, setChoice] = useState<SupplierChoice>({ mode: 'new' });
  const uploadList = useUploadSupplierList();
  const [failed, setFailed] = useState<Failure | null>(null);
  const source = Form.useWatch('source', form) ?? 'manual';
  const fromCountry = Form.useWatch('from_country', form);
  const toCountry = Form.useWatch('to_country', form);
  const text = Form.useWatch('product_ids', form) ?? '';
  const { data: inventories = [] } = useInventories(toCountry || undefined);
  // "Price with": the defaults, or an inventory of exactly these countries (the server checks the same).
  const priceWith = [
    { value: '', label: t('reports.form.priceWithDefaults') },
    ...inventories
      .filter((i) => i.from_country === fromCountry && i.to_country === toCountry)
      .map((i) => ({ value: i.id, label: i.title })),
  ];
  const sendLimit = me?.user_data.plan.send_limit ?? 0;
  const remaining = Math.max(0, (me?.user_data.plan.daily_report_quota ?? 0) - (me?.usage.r_count ?? 0));
  const typed = source === 'manual' ? parseProductIds(text).valid.length : 0;

  /** What keeps a supplier list from being sent, checked here as the server will; null when nothing. */
  const supplierProblem = (): string | null => {
    if (choice.mode === 'uploaded') return choice.listId ? null : t('suppliers.source.choose');
    if (!draft.file) return t('validation.supplier.fileRequired');
    if (draft.problem) return t(draft.problem);
    if (!draft.supplierName.trim()) return t('validation.supplier.supplierName');
    const { mapping, read, errors } = checkDraft(draft);
    if (!mapping) return t(Object.values(errors)[0] ?? 'validation.supplier.costColumn');
    if (!read || read.lines.length === 0) return t('validation.supplier.noGoodLine');
    if (read.total > sendLimit) return t('validation.report.tooMany', { count: sendLimit });
    return null;
  };

  const fieldError = (name: keyof Values | 'file', message: string) =>
    name === 'file' ? setFailed({ text: message }) : form.setFields([{ name, errors: [message] }]);

  const close = () => {
    setFailed(null);
    setFile(null);
    setDraft(EMPTY_DRAFT);
    setChoice({ mode: 'new' });
    form.resetFields();
    onClose();
  };

  const submit = async (values: Values) => {
    setFailed(null);
    if (values.source === 'manual') {
      // The same checks the server makes, in the same order, answered without a round trip.
      const check = checkReportRequest(values, { sendLimit, remainingQuota: remaining });
      if (!check.ok) return fieldError(check.error.field, t(check.error.key, check.error.params));
    } else if (values.source === 'supplier_list') {
      const problem = supplierProblem();
      if (problem) return setFailed({ text: problem });
    } else if (!file?.originFileObj) {
      return setFailed({ text: t('validation.report.fileRequired') });
    }
    let created: CreatedReport;
    try {
      let supplierListId = choice.mode === 'uploaded' ? choice.listId : null;
      if (values.source === 'supplier_list' && choice.mode === 'new') {
        const list = await uploadList.mutateAsync({
          file: draft.file!,
          supplier_id: draft.supplierId,
          supplier_name: draft.supplierName.trim(),
          country: values.from_country,
          currency: draft.currency,
          prices_include_tax: draft.pricesIncludeTax,
          mapping: checkDraft(draft).mapping!,
        });
        supplierListId = list.id;
      }
      created = await create.mutateAsync({
        ...values,
        supplier_list_id: supplierListId,
        file: file?.originFileObj ?? null,
      });
    } catch (e) {
      const field = e instanceof ApiError ? e.fields[0] : undefined;
      if (field) fieldError(field.field as keyof Values, t(field.key, field.params ?? {}));
      else if (notConnectedRegion(e))
        setFailed({ text: errorMessage(e, t, { params: notConnectedParams(e, t) }), connect: true });
      else {
        console.error('report creation failed', e);
        setFailed({ text: t('reports.form.failed') });
      }
      return;
    }
    onCreated(created);
    close();
  };

  return (
    <Drawer title={t('reports.form.title')} open={open} onClose={close} size={560} destroyOnHidden>
      <Form
        form={form}
        name="create-report"
        layout="vertical"
        onFinish={submit}
        onValuesChange={(changed: Partial<Values>) => {
          // Another pair of countries: the inventory chosen for the last one no longer fits.
          if ('from_country' in changed || 'to_country' in changed) form.setFieldValue('inventory_id', '');
        }}
        disabled={create.isPending || uploadList.isPending}
        initialValues={{
          marketplace: 'amazon',
          source: 'manual',
          from_country: 'us',
          title: '',
          product_ids: '',
          inventory_id: '',
        }}
      >
        {failed && (
          <Alert
            type="error"
            showIcon
            title={failed.text}
            action={failed.connect ? <ConnectAmazonLink /> : undefined}
            style={{ marginBottom: 16 }}
            data-testid="report-failed"
          />
        )}
        <Form.Item name="marketplace" label={t('reports.form.marketplace')}>
          <Select options={[{ value: 'amazon', label: 'Amazon' }]} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item
            name="from_country"
            label={source === 'supplier_list' ? t('suppliers.country') : t('reports.form.buying')}
            rules={[{ required: true, message: t('validation.report.country') }]}
            style={{ flex: 1 }}
          >
            <Select options={regionOptions(buyingRegions(), i18n.language)} />
          </Form.Item>
          <Form.Item
            name="to_country"
            label={t('reports.form.selling')}
            rules={[{ required: true, message: t('validation.report.country') }]}
            style={{ flex: 1 }}
          >
            <Select
              options={regionOptions(sellingRegions(), i18n.language)}
              placeholder={t('validation.report.country')}
            />
          </Form.Item>
        </Space.Compact>
        {/* After a refusal for the same reason, the error above already says it. */}
        {!failed?.connect && (
          <AmazonConnectPrompt countries={[fromCountry, toCountry]} style={{ marginBottom: 16 }} />
        )}
        {!failed?.connect && <NotSellingPrompt country={toCountry} style={{ marginBottom: 16 }} />}
        <Form.Item name="source" label={t('reports.form.source')}>
          <Radio.Group
            options={[
              { value: 'manual', label: t('reports.form.sources.manual') },
              { value: 'amazon_all_listings_report', label: t('reports.form.sources.listings') },
              { value: 'supplier_list', label: t('reports.form.sources.supplier') },
            ]}
          />
        </Form.Item>
        {source === 'supplier_list' ? (
          <SupplierSource
            draft={draft}
            onDraft={setDraft}
            choice={choice}
            onChoice={(next, list) => {
              setChoice(next);
              // A list is priced from the country it was uploaded for (the server reads it from the list).
              if (list && list.country !== form.getFieldValue('from_country')) {
                form.setFieldValue('from_country', list.country);
                form.setFieldValue('inventory_id', '');
              }
            }}
            country={fromCountry}
          />
        ) : source === 'manual' ? (
          <Form.Item
            name="product_ids"
            label={t('reports.form.productIds')}
            extra={
              <span data-testid="typed-counter">
                {formatNumber(typed, i18n.language)} / {formatNumber(sendLimit, i18n.language)}
              </span>
            }
          >
            <Input.TextArea rows={10} placeholder={'B0EXAMPLE1\nB0EXAMPLE2'} spellCheck={false} />
          </Form.Item>
        ) : (
          <Form.Item label={t('reports.form.file')} required>
            <Upload.Dragger
              accept=".txt,text/plain"
              maxCount={1}
              fileList={file ? [file] : []}
              beforeUpload={() => false}
              onChange={({ fileList }) => setFile(fileList.at(-1) ?? null)}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('reports.form.drop')}</p>
              <p className="ant-upload-hint">{t('reports.form.dropHint')}</p>
            </Upload.Dragger>
          </Form.Item>
        )}
        <Form.Item
          name="inventory_id"
          label={t('reports.form.priceWith')}
          extra={t('reports.form.priceWithHint')}
        >
          <Select options={priceWith} />
        </Form.Item>
        <Form.Item name="title" label={t('reports.form.reportTitle')}>
          <Input maxLength={200} />
        </Form.Item>
        <Typography.Paragraph>
          {t('reports.form.remaining', { remaining: formatNumber(remaining, i18n.language) })}{' '}
          <Link to="/settings/billing">{t('home.upgrade')}</Link>
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('reports.form.noCancel')}</Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={create.isPending || uploadList.isPending} block>
          {t('reports.form.submit')}
        </Button>
      </Form>
    </Drawer>
  );
}
