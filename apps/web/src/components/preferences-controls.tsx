import { Segmented, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { THEME_PREFERENCES, useThemePreference, type ThemePreference } from '../app/theme';
import { changeLanguage, isLanguage, LANGUAGES } from '../i18n';

/** Language and theme pickers; the signed-in user menu offers the same two choices. */
export function PreferencesControls() {
  const { t, i18n } = useTranslation();
  const { preference, setPreference } = useThemePreference();
  return (
    <Space wrap>
      <Select
        aria-label={t('preferences.changeLanguage')}
        value={i18n.language}
        onChange={(lng: string) => isLanguage(lng) && void changeLanguage(lng)}
        options={LANGUAGES.map((lng) => ({ value: lng, label: t(`languages.${lng}`) }))}
        style={{ minWidth: 120 }}
      />
      <Segmented<ThemePreference>
        aria-label={t('preferences.changeTheme')}
        value={preference}
        onChange={setPreference}
        options={THEME_PREFERENCES.map((p) => ({ value: p, label: t(`theme.${p}`) }))}
      />
    </Space>
  );
}
