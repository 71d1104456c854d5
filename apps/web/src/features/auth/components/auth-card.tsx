import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../../../i18n';

/**
 * The frame of every public page: brand, a card with the form, and the language picker. The card and
 * the headings are drawn as antd's Card and Typography.Title draw them, from the same tokens: Card
 * brings Tabs, Dropdown and Menu along, and Typography its editor and tooltip, none of which the
 * sign-in route (DESIGN §9 byte budget) needs.
 */
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
  const { token } = theme.useToken();
  const heading: CSSProperties = { color: token.colorTextHeading, fontWeight: token.fontWeightStrong };
  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }} gap={16}>
      <Flex align="center" gap={8}>
        <AppstoreOutlined style={{ fontSize: 28, color: '#1668dc' }} />
        <h3
          style={{
            ...heading,
            margin: 0,
            fontSize: token.fontSizeHeading3,
            lineHeight: token.lineHeightHeading3,
          }}
        >
          {t('app.name')}
        </h3>
      </Flex>
      <div
        style={{
          boxSizing: 'border-box',
          width: '100%',
          maxWidth: 420,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <h4
          style={{
            ...heading,
            marginTop: 0,
            marginBottom: '0.5em',
            fontSize: token.fontSizeHeading4,
            lineHeight: token.lineHeightHeading4,
          }}
        >
          {title}
        </h4>
        {children}
      </div>
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
