import { PlayCircleOutlined } from '@ant-design/icons';
import { Card, Col, Row, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSupportVideos } from '../api/support';
import { SectionLoading, SectionUnavailable } from './posts-section';

/** The channel's 6 latest videos as thumbnails linking to YouTube; nothing when no channel is configured. */
export function VideosSection() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const query = useSupportVideos();
  if (query.data?.status === 'disabled') return null;
  const videos = query.data?.videos ?? [];
  return (
    <Card
      title={<h3 style={{ margin: 0, fontSize: 'inherit' }}>{t('support.videos.title')}</h3>}
      data-testid="support-videos"
    >
      {query.isPending ? (
        <SectionLoading />
      ) : query.isError || query.data?.status === 'unavailable' ? (
        <SectionUnavailable />
      ) : videos.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('support.videos.none')}</Typography.Paragraph>
      ) : (
        <Row gutter={[16, 16]}>
          {videos.map((video) => (
            <Col key={video.id} xs={24} sm={12} lg={8}>
              <a
                href={video.link}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('support.videos.watch', { title: video.title })}
                style={{ display: 'block', color: 'inherit' }}
              >
                <div
                  style={{ position: 'relative', aspectRatio: '16 / 9', overflow: 'hidden', borderRadius: 8 }}
                >
                  <img
                    src={video.thumbnail}
                    alt=""
                    loading="lazy"
                    style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                  />
                  <PlayCircleOutlined
                    aria-hidden
                    style={{
                      position: 'absolute',
                      inset: 0,
                      margin: 'auto',
                      fontSize: 40,
                      color: '#fff',
                      width: 40,
                      height: 40,
                    }}
                  />
                </div>
                <Typography.Text strong style={{ display: 'block', marginTop: 8, color: token.colorText }}>
                  {video.title}
                </Typography.Text>
              </a>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
