import { ExportOutlined } from '@ant-design/icons';
import type { SupportLanguage, SupportPosts } from '@crossmarket/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { guideArticles } from '../guide/articles';

export function SectionLoading() {
  const { t } = useTranslation();
  return (
    <Flex justify="center" style={{ padding: 24 }}>
      <Spin aria-label={t('common.loading')} />
    </Flex>
  );
}

export function SectionUnavailable() {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
      {t('support.unavailable')}
    </Typography.Paragraph>
  );
}

const listStyle = { margin: 0, paddingInlineStart: 20, display: 'grid', gap: 8 } as const;

/** A page of another site: opens in a new tab, which its accessible name says. */
export function ExternalLink({
  href,
  label,
  children,
}: {
  href: string;
  label: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Typography.Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('support.newTab', { title: label })}
    >
      {children ?? label} <ExportOutlined aria-hidden style={{ fontSize: 12 }} />
    </Typography.Link>
  );
}

/**
 * The knowledge base or the blog: the latest posts of its WordPress site, or (knowledge base without a
 * site) the guide shipped with the app. A blog without a site renders nothing.
 */
export function PostsSection({
  kind,
  lang,
  query,
}: {
  kind: 'kb' | 'blog';
  lang: SupportLanguage;
  query: UseQueryResult<SupportPosts>;
}) {
  const { t } = useTranslation();
  const data = query.data;
  if (data?.source === 'none') return null;
  const guide = data?.source === 'guide';
  const title = guide ? t('support.guide.title') : t(`support.${kind}.title`);
  let body: ReactNode;
  if (query.isPending) body = <SectionLoading />;
  else if (!data || data.status === 'unavailable') body = <SectionUnavailable />;
  else if (guide)
    body = (
      <ol style={listStyle}>
        {guideArticles(lang).map((a) => (
          <li key={a.slug}>
            <Link to={`/support/guide/${a.slug}`}>{a.title}</Link>
          </li>
        ))}
      </ol>
    );
  else if (data.posts.length === 0)
    body = <Typography.Paragraph type="secondary">{t('support.noPosts')}</Typography.Paragraph>;
  else
    body = (
      <ul style={listStyle}>
        {data.posts.map((post, i) => (
          <li key={`${i}:${post.link}`}>
            <ExternalLink href={post.link} label={post.title} />
          </li>
        ))}
      </ul>
    );
  return (
    <Card
      title={<h3 style={{ margin: 0, fontSize: 'inherit' }}>{title}</h3>}
      data-testid={`support-${kind}`}
      style={{ height: '100%' }}
    >
      {guide && <Typography.Paragraph type="secondary">{t('support.guide.intro')}</Typography.Paragraph>}
      {body}
    </Card>
  );
}
