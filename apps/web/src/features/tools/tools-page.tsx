import { Breadcrumb, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { DuplicateRemover } from './components/duplicate-remover';
import { workerRunner, type DedupeRunner } from './dedupe-runner';

/** `/tools`: the Duplicated ASIN Remover. `runner` is the worker in the app, inline in tests. */
export function ToolsPage({ runner = workerRunner }: { runner?: DedupeRunner }) {
  const { t } = useTranslation();
  usePageTitle('tools.title');
  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/">{t('nav.home')}</Link> }, { title: t('tools.title') }]}
        style={{ marginBottom: 8 }}
      />
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('tools.title')}
      </Typography.Title>
      <DuplicateRemover runner={runner} />
    </>
  );
}
