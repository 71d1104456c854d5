import { CustomerServiceOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Card, Col, Flex, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { supportLanguage, useSupportPosts } from './api/support';
import { MyTickets } from './components/my-tickets';
import { PostsSection } from './components/posts-section';
import { TicketDrawer } from './components/ticket-drawer';
import { VideosSection } from './components/videos-section';

/** `/support`: knowledge base (or the built-in guide), blog, videos and the ticket drawer. */
export function SupportPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('support.page');
  const lang = supportLanguage(i18n.language);
  const kb = useSupportPosts('kb', lang);
  const blog = useSupportPosts('blog', lang);
  const [ticketOpen, setTicketOpen] = useState(false);
  const showBlog = blog.data?.source !== 'none';

  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/">{t('nav.home')}</Link> }, { title: t('support.page') }]}
        style={{ marginBottom: 8 }}
      />
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('support.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('support.intro')}</Typography.Paragraph>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <Flex gap={16} align="center" wrap justify="space-between">
            <Flex gap={16} align="center">
              <CustomerServiceOutlined aria-hidden style={{ fontSize: 32 }} />
              <div>
                <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
                  {t('support.help.title')}
                </Typography.Title>
                <Typography.Text type="secondary">{t('support.help.body')}</Typography.Text>
              </div>
            </Flex>
            <Button type="primary" onClick={() => setTicketOpen(true)}>
              {t('support.help.button')}
            </Button>
          </Flex>
        </Card>
        <MyTickets />
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={showBlog ? 12 : 24}>
            <PostsSection kind="kb" lang={lang} query={kb} />
          </Col>
          {showBlog && (
            <Col xs={24} lg={12}>
              <PostsSection kind="blog" lang={lang} query={blog} />
            </Col>
          )}
        </Row>
        <VideosSection />
      </Space>
      <TicketDrawer open={ticketOpen} onClose={() => setTicketOpen(false)} />
    </>
  );
}
