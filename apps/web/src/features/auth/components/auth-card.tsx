import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../../../i18n';

/** The frame of every public page: brand, a card with the form, and the language picker. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }} gap={16}>
      <Flex align="center" gap={8}>
        <AppstoreOutlined style={{ fontSize: 28, color: '#1668dc' }} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('app.name')}
        </Typography.Title>
      </Flex>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
      {footer}
      <Flex gap={4} role="group" aria-label={t('preferences.changeLanguage')}>
        {LANGUAGES.map((lng) => (
          <Button
            key={lng}
            size="small"
            type={i18n.language === lng ? 'primary' : 'text'}
            aria-pressed={i18n.language === lng}
            onClick={() => void changeLanguage(lng)}
          >
            {t(`languages.${lng}`)}
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
