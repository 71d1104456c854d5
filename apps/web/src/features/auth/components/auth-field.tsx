import { theme } from 'antd';
import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadSchemas, type SchemaPick } from '../../../lib/zod-form';

/** What an input of the form takes: its value, its change handler and its error state. */
export interface FieldInput {
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  status?: 'error';
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A small form over a domain schema, for the sign-in page: antd's Form (its field store, validator
 * and tooltip labels, some 30 kB gzip) does not fit the sign-in route's byte budget (DESIGN §9). It
 * behaves as antd's Form does with zodRules: a field is checked as it changes and every field on
 * submit, against the whole form, and shows the first issue the schema reports for it.
 */
export function useSchemaForm<F extends string>(name: string, pick: SchemaPick, initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [issues, setIssues] = useState<Partial<Record<F, string>>>({});
  useEffect(() => void loadSchemas(), []);

  const check = async (next: Record<F, string>, fields: F[]) => {
    const result = pick(await loadSchemas()).safeParse(next);
    const found = (field: F) =>
      result.success ? undefined : result.error.issues.find((i) => i.path.join('.') === field)?.message;
    const checked = Object.fromEntries(fields.map((field) => [field, found(field)]));
    setIssues((previous) => ({ ...previous, ...checked }));
    return fields.every((field) => !checked[field]);
  };

  return {
    issue: (field: F) => issues[field],
    input: (field: F): FieldInput => {
      const id = `${name}_${field}`;
      const invalid = Boolean(issues[field]);
      return {
        id,
        value: values[field],
        onChange: (event) => {
          const next = { ...values, [field]: event.target.value };
          setValues(next);
          void check(next, [field]);
        },
        ...(invalid && { status: 'error', 'aria-invalid': true, 'aria-describedby': `${id}_help` }),
      };
    },
    onSubmit: (onValid: (values: Record<F, string>) => unknown) => async (event: FormEvent) => {
      event.preventDefault();
      if (await check(values, Object.keys(values) as F[])) await onValid(values);
    },
  };
}

/** A labelled field laid out as antd's vertical Form.Item lays it out, from the same tokens. */
export function AuthField({
  label,
  input,
  issue,
  children,
}: {
  label: ReactNode;
  input: FieldInput;
  issue?: string;
  children: (input: FieldInput) => ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <div style={{ paddingBottom: token.paddingXS, lineHeight: token.lineHeight }}>
        <label htmlFor={input.id} style={{ color: token.colorTextHeading, fontSize: token.fontSize }}>
          {label}
        </label>
      </div>
      {children(input)}
      {issue && (
        <>
          <div
            id={`${input.id}_help`}
            role="alert"
            style={{ minHeight: token.marginLG, color: token.colorError, lineHeight: token.lineHeight }}
          >
            {t(issue)}
          </div>
          {/* antd's margin offset: the message takes the place of the margin below the field. */}
          <div style={{ marginBottom: -token.marginLG }} />
        </>
      )}
    </div>
  );
}
