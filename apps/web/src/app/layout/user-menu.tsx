import { CheckOutlined, DownOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../lib/app-config';
import { useSavePreferences } from '../../features/account/api/mutations';
import { useMe } from '../../features/account/api/use-me';
import { changeLanguage, LANGUAGES, type Language } from '../../i18n';
import { THEME_PREFERENCES, useThemePreference } from '../theme';

export function UserMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const { data: config } = useAppConfig();
  const { preference, setPreference } = useThemePreference();
  const savePreferences = useSavePreferences();
  const { message } = App.useApp();

  type Item = NonNullable<MenuProps['items']>[number];
  const divider: Item = { type: 'divider' };
  const external = (key: string, label: string, href?: string): Item | null =>
    href
      ? {
          key,
          label: (
            <a href={href} target="_blank" rel="noreferrer noopener">
              {label}
            </a>
          ),
        }
      : null;

  const items = (
    [
      { key: '/settings/profile', label: t('userMenu.profile') },
      { key: '/settings/billing', label: t('userMenu.billing') },
      { key: '/settings/security', label: t('userMenu.security') },
      divider,
      external('blog', t('userMenu.blog'), config?.links.blog),
      external('instagram', t('userMenu.instagram'), config?.links.instagram),
      external('youtube', t('userMenu.youtube'), config?.links.youtube),
      // A store listing (EXTENSION_URL) when there is one, else our own page: download, install, sign in.
      external('extension', t('userMenu.extension'), config?.links.extension) ?? {
        key: '/settings/extension',
        label: t('userMenu.extension'),
      },
      external('guide', t('userMenu.guide'), config?.links.guide),
      divider,
      {
        // Groups, not submenus: the choices show at once, with nothing to hover or open first.
        type: 'group',
        key: 'language',
        label: t('preferences.changeLanguage'),
        children: LANGUAGES.map((lng) => ({
          key: `lang:${lng}`,
          label: t(`languages.${lng}`),
          icon: i18n.language === lng ? <CheckOutlined /> : <span />,
        })),
      },
      {
        type: 'group',
        key: 'theme',
        label: t('preferences.changeTheme'),
        children: THEME_PREFERENCES.map((p) => ({
          key: `theme:${p}`,
          label: t(`theme.${p}`),
          icon: preference === p ? <CheckOutlined /> : <span />,
        })),
      },
      divider,
      { key: '/logout', label: t('userMenu.logout'), danger: true },
    ] satisfies (Item | null)[]
  ).filter((i): i is Item => i !== null);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('lang:')) {
      const lng = key.slice(5) as Language;
      void changeLanguage(lng);
      // The choice also becomes the communication language of mails (saved on the profile).
      savePreferences.mutate({ comm_lang: lng }, { onError: () => message.error(t('errors.generic'), 3) });
    } else if (key.startsWith('theme:')) {
      setPreference(key.slice(6) as (typeof THEME_PREFERENCES)[number]);
    } else if (key.startsWith('/')) {
      navigate(key);
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        icon={<Avatar size="small" icon={<UserOutlined />} />}
        // The visible address starts the name (WCAG 2.5.3), so speech users can say what they see.
        aria-label={me ? t('userMenu.openWithEmail', { email: me.user.email }) : t('userMenu.open')}
      >
        {/* At phone widths the address gives way (cut with an ellipsis) rather than push the page wider. */}
        <span
          style={{
            display: 'inline-block',
            maxWidth: 'min(220px, 30vw)',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            verticalAlign: 'bottom',
          }}
        >
          {me?.user.email}
        </span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
