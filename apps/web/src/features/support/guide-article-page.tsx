import { Breadcrumb, Button, Card, Result, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { supportLanguage } from './api/support';
import { GUIDE_SLUGS, guideArticle } from './guide/articles';
import { Markdown } from './components/markdown';

/** "Crossmarket - {article}": the title is the article's own text, not an i18n key as `usePageTitle` takes. */
function useArticleTitle(page: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.title', { page });
  }, [t, page]);
}

/** `/support/guide/:slug`: one article of the guide shipped with the app, in the interface language. */
export function GuideArticlePage() {
  const { t, i18n } = useTranslation();
  const { slug = '' } = useParams();
  const lang = supportLanguage(i18n.language);
  const navigate = useNavigate();
  const article = guideArticle(slug, lang);
  useArticleTitle(article ? article.title : t('support.guide.notFound'));
  const back = <Button onClick={() => void navigate('/support')}>{t('support.guide.back')}</Button>;
  if (!article) return <Result status="404" title={t('support.guide.notFound')} extra={back} />;
  const next = GUIDE_SLUGS[GUIDE_SLUGS.indexOf(article.slug as (typeof GUIDE_SLUGS)[number]) + 1];
  const nextArticle = next ? guideArticle(next, lang) : undefined;
  return (
    <>
      <Breadcrumb
        items={[
          { title: <Link to="/">{t('nav.home')}</Link> },
          { title: <Link to="/support">{t('support.page')}</Link> },
          { title: article.title },
        ]}
        style={{ marginBottom: 8 }}
      />
      <Card style={{ maxWidth: 860 }}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {article.title}
        </Typography.Title>
        <Markdown source={article.body} />
        <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0 }}>
          {nextArticle ? (
            <>
              {t('support.guide.next')}{' '}
              <Link to={`/support/guide/${nextArticle.slug}`}>{nextArticle.title}</Link>
            </>
          ) : (
            <Link to="/support">{t('support.guide.back')}</Link>
          )}
        </Typography.Paragraph>
      </Card>
    </>
  );
}
