import { InboxOutlined } from '@ant-design/icons';
import {
  guessMapping,
  readSupplierLines,
  rememberedMapping,
  REQUIRED_SUPPLIER_FIELDS,
  SUPPLIER_CURRENCIES,
  SUPPLIER_FIELDS,
  supplierMappingSchema,
  type SupplierField,
  type SupplierGrid,
  type SupplierMapping,
} from '@crossmarket/domain';
import { Alert, AutoComplete, Checkbox, Form, Radio, Select, Table, Typography, Upload } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import { useSuppliers, type Supplier } from '../api/supplier-lists';

/** What the seller has chosen so far; the drawer sends it when the report is submitted. */
export interface SupplierDraft {
  file: File | null;
  grid: SupplierGrid | null;
  /** Why the file could not be read (an i18n key), null when it could. */
  problem: string | null;
  supplierId: string | null;
  supplierName: string;
  currency: string;
  pricesIncludeTax: boolean;
  mapping: Partial<SupplierMapping> & { header: boolean; cost_basis: 'unit' | 'pack' };
}

export const EMPTY_DRAFT: SupplierDraft = {
  file: null,
  grid: null,
  problem: null,
  supplierId: null,
  supplierName: '',
  currency: 'USD',
  pricesIncludeTax: false,
  mapping: { header: true, cost_basis: 'unit' },
};

const PROBLEM_KEYS: Record<string, string> = {
  empty: 'validation.supplier.fileEmpty',
  old_excel: 'validation.supplier.fileOldExcel',
  not_text: 'validation.supplier.fileNotText',
  unreadable_excel: 'validation.supplier.fileUnreadable',
};

const columnLetter = (i: number): string =>
  i < 26 ? String.fromCharCode(65 + i) : columnLetter(Math.floor(i / 26) - 1) + columnLetter(i % 26);

/** The file read in the browser with the code the server reads it with (loaded only here). */
async function readFile(file: File) {
  const { readSupplierFile } = await import('@crossmarket/domain/supplier-files');
  return readSupplierFile(new Uint8Array(await file.arrayBuffer()));
}

/** The mapping checked as the server will check it: the first message per field, and the lines it reads. */
export function checkDraft(draft: SupplierDraft) {
  const parsed = supplierMappingSchema.safeParse(draft.mapping);
  const errors: Partial<Record<SupplierField, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SupplierField;
      errors[field] ??= issue.message;
    }
  }
  const read =
    parsed.success && draft.grid ? readSupplierLines(draft.grid, parsed.data, draft.currency) : null;
  return { mapping: parsed.success ? parsed.data : null, errors, read };
}

/**
 * The supplier price list part of the Create New Report drawer: the file (read here at once), the
 * supplier (a known one brings its last mapping back), currency, and one labelled select per field,
 * each checked as it is chosen; the lines it reads, the bad ones with line and reason, and a preview.
 */
export function SupplierListFields({
  draft,
  onChange,
  country,
}: {
  draft: SupplierDraft;
  onChange: (draft: SupplierDraft) => void;
  country: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { data: suppliers = [] } = useSuppliers(true);
  const header = draft.grid?.[0] ?? [];
  const width = Math.max(0, ...(draft.grid ?? []).slice(0, 50).map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => ({
    value: i,
    label: draft.mapping.header && header[i] ? `${columnLetter(i)} · ${header[i]}` : columnLetter(i),
  }));
  const check = useMemo(() => checkDraft(draft), [draft]);
  const set = (patch: Partial<SupplierDraft>) => onChange({ ...draft, ...patch });
  const setMapping = (patch: Partial<SupplierDraft['mapping']>) =>
    onChange({ ...draft, mapping: { ...draft.mapping, ...patch } });

  /** A first mapping: the supplier's remembered one (its columns found again by header), else guessed. */
  const mappingFor = (
    grid: SupplierGrid | null,
    supplier: Supplier | undefined,
  ): SupplierDraft['mapping'] => {
    const first = (grid?.[0] ?? []).map((c) => c ?? '');
    if (supplier) return rememberedMapping(supplier.mapping, supplier.header, first);
    return { header: true, cost_basis: 'unit', ...guessMapping(first) };
  };

  const chooseFile = async (file: File) => {
    const read = await readFile(file);
    const grid = read.ok ? read.grid : null;
    const supplier = suppliers.find((s) => s.id === draft.supplierId);
    onChange({
      ...draft,
      file,
      grid,
      problem: read.ok ? null : PROBLEM_KEYS[read.problem]!,
      mapping: mappingFor(grid, supplier),
    });
  };

  const chooseSupplier = (name: string) => {
    const supplier = suppliers.find((s) => s.name.toLowerCase() === name.trim().toLowerCase());
    onChange({
      ...draft,
      supplierName: name,
      supplierId: supplier?.id ?? null,
      ...(supplier
        ? {
            currency: supplier.currency,
            pricesIncludeTax: supplier.prices_include_tax,
            mapping: mappingFor(draft.grid, supplier),
          }
        : {}),
    });
  };

  const fieldLabel = (field: SupplierField) => t(`suppliers.fields.${field}`);
  const bad = check.read?.bad ?? [];
  return (
    <div data-testid="supplier-list-fields">
      <Form.Item label={t('suppliers.file')} required>
        <Upload.Dragger
          accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            void chooseFile(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{draft.file ? draft.file.name : t('suppliers.drop')}</p>
          <p className="ant-upload-hint">{t('suppliers.dropHint')}</p>
        </Upload.Dragger>
      </Form.Item>
      {draft.problem && <Alert type="error" showIcon title={t(draft.problem)} style={{ marginBottom: 16 }} />}
      <Form.Item label={t('suppliers.name')} htmlFor="supplier-name" required>
        <AutoComplete
          id="supplier-name"
          value={draft.supplierName}
          options={suppliers.map((s) => ({ value: s.name }))}
          onChange={chooseSupplier}
          maxLength={100}
          filterOption={(input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
        />
      </Form.Item>
      <Form.Item label={t('suppliers.currency')} htmlFor="supplier-currency">
        <Select
          id="supplier-currency"
          value={draft.currency}
          options={SUPPLIER_CURRENCIES.map((c) => ({ value: c, label: c }))}
          onChange={(currency: string) => set({ currency })}
        />
      </Form.Item>
      <Form.Item>
        <Checkbox
          checked={draft.pricesIncludeTax}
          onChange={(e) => set({ pricesIncludeTax: e.target.checked })}
        >
          {t('suppliers.pricesIncludeTax', { country: (country ?? '').toUpperCase() })}
        </Checkbox>
      </Form.Item>
      {draft.grid && (
        <fieldset className="cm-fieldset" data-testid="supplier-mapping">
          <legend>{t('suppliers.mapping')}</legend>
          <Form.Item>
            <Checkbox
              checked={draft.mapping.header}
              onChange={(e) => setMapping({ header: e.target.checked })}
            >
              {t('suppliers.header')}
            </Checkbox>
          </Form.Item>
          {SUPPLIER_FIELDS.map((field) => (
            <Form.Item
              key={field}
              label={fieldLabel(field)}
              htmlFor={`supplier-column-${field}`}
              required={REQUIRED_SUPPLIER_FIELDS.includes(field)}
              validateStatus={check.errors[field] ? 'error' : undefined}
              help={check.errors[field] ? t(check.errors[field]) : undefined}
            >
              <Select
                id={`supplier-column-${field}`}
                value={draft.mapping[field] ?? ''}
                options={[{ value: '', label: t('suppliers.none') }, ...columns]}
                onChange={(value: number | '') => setMapping({ [field]: value === '' ? null : value })}
                showSearch
                optionFilterProp="label"
              />
            </Form.Item>
          ))}
          <Form.Item label={t('suppliers.costBasis')}>
            <Radio.Group
              value={draft.mapping.cost_basis}
              onChange={(e) => setMapping({ cost_basis: e.target.value as 'unit' | 'pack' })}
              options={[
                { value: 'unit', label: t('suppliers.costBases.unit') },
                { value: 'pack', label: t('suppliers.costBases.pack') },
              ]}
            />
          </Form.Item>
        </fieldset>
      )}
      {check.read && (
        <div data-testid="supplier-check" aria-live="polite">
          <Typography.Paragraph>
            {t('suppliers.checked', {
              good: formatNumber(check.read.lines.length, i18n.language),
              bad: formatNumber(bad.length, i18n.language),
            })}
          </Typography.Paragraph>
          {bad.length > 0 && (
            <ul className="cm-bad-lines" data-testid="supplier-bad-lines">
              {bad.slice(0, 10).map((b) => (
                <li key={b.line}>
                  {t('suppliers.badLine', {
                    line: b.line,
                    reason: t(`supplierLine.${b.reason}`, { first_line: b.first_line ?? '' }),
                  })}
                  {b.value ? ` (${b.value})` : ''}
                </li>
              ))}
            </ul>
          )}
          <Table
            size="small"
            pagination={false}
            rowKey="line"
            data-testid="supplier-preview"
            caption={t('suppliers.preview')}
            dataSource={check.read.lines.slice(0, 5).map((l) => ({
              line: l.line,
              identifier: `${l.id.kind} ${l.id.value}`,
              name: l.name,
              cost: l.cost,
              pack: l.pack,
            }))}
            columns={[
              { title: t('suppliers.columns.line'), dataIndex: 'line' },
              { title: fieldLabel('identifier'), dataIndex: 'identifier' },
              { title: fieldLabel('name'), dataIndex: 'name', ellipsis: true },
              { title: fieldLabel('cost'), dataIndex: 'cost' },
              { title: fieldLabel('pack_size'), dataIndex: 'pack' },
            ]}
          />
        </div>
      )}
    </div>
  );
}
