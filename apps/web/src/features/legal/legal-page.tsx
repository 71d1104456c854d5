import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';

/** Terms of service and privacy notice: short, plain, and the same in both languages. */
export function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  usePageTitle(`legal.${kind}.page`);
  const sections = t(`legal.${kind}.sections`, { returnObjects: true }) as {
    heading: string;
    body: string;
  }[];
  return (
    <article style={{ maxWidth: 760, margin: '0 auto', padding: '40px 16px' }}>
      <Typography.Title>{t(`legal.${kind}.page`)}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('legal.updated')}</Typography.Paragraph>
      {sections.map((s) => (
        <section key={s.heading}>
          <Typography.Title level={4}>{s.heading}</Typography.Title>
          <Typography.Paragraph>{s.body}</Typography.Paragraph>
        </section>
      ))}
      <Link to="/signup">{t('legal.back')}</Link>
    </article>
  );
}
