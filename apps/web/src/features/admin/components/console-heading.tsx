import { Breadcrumb, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';

/** The console pages' breadcrumb (Operator › …) and heading, and the tab title. */
export function ConsoleHeading({
  titleKey,
  title,
  trail = [],
}: {
  titleKey: string;
  /** Shown instead of the key's text (a user's e-mail). */
  title?: string;
  trail?: { to: string; label: string }[];
}) {
  const { t } = useTranslation();
  usePageTitle(titleKey);
  const items: { title: ReactNode }[] = [
    { title: t('nav.operator') },
    ...trail.map((c) => ({ title: <Link to={c.to}>{c.label}</Link> })),
    { title: title ?? t(titleKey) },
  ];
  return (
    <>
      <Breadcrumb items={items} style={{ marginBottom: 8 }} />
      <Typography.Title level={2} style={{ marginTop: 0, overflowWrap: 'anywhere' }}>
        {title ?? t(titleKey)}
      </Typography.Title>
    </>
  );
}
