import type { Rule } from 'antd/es/form';
import i18next from 'i18next';
import { textsReady } from '../i18n';
import type * as DomainSchemas from '@crossmarket/domain/schemas';
import type { z } from 'zod';

type Schemas = typeof DomainSchemas;
let loading: Promise<Schemas> | undefined;

/**
 * The domain's schemas (and zod with them) arrive in their own chunk, fetched when a form first
 * mounts, so that no page waits for them before it can render (the sign-in route's byte budget).
 */
export function loadSchemas(): Promise<Schemas> {
  // The messages the schemas name arrive with the rest of the texts (i18n/index.ts).
  return (loading ??= Promise.all([
    import('@crossmarket/domain/schemas'),
    textsReady().catch(() => undefined),
  ]).then(([schemas]) => schemas));
}

/**
 * Ant Design form rules from a domain zod schema: the field shows the first issue the schema reports
 * for its path, translated. The server validates the same body with the same schema.
 */
export type SchemaPick = (schemas: Schemas) => z.ZodType;

export function zodRules(
  pick: SchemaPick,
  name: string | (string | number)[],
  /** The body the form sends, from its values (a date picker's value to the ISO text the schema takes). */
  toBody: (values: Record<string, unknown>) => unknown = (values) => values,
): Rule[] {
  void loadSchemas();
  const path = Array.isArray(name) ? name.join('.') : name;
  return [
    ({ getFieldsValue }) => ({
      validator: async () => {
        const values = getFieldsValue(true) as Record<string, unknown>;
        const result = pick(await loadSchemas()).safeParse(toBody(values));
        if (result.success) return;
        const issue = result.error.issues.find((i) => i.path.join('.') === path);
        if (issue) throw new Error(i18next.t(issue.message));
      },
    }),
  ];
}
