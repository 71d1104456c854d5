import { WATCH_DIGESTS, type WatchDigest } from '@crossmarket/domain';
import { App, Flex, Radio, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useSaveWatchSettings, useWatchSettings } from '../api/watches';

/**
 * How the seller hears of alerts by e-mail (off, a mail per alert, one a day): the choices come from the
 * domain's catalogue, saved as soon as one is picked.
 */
export function DigestSetting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useWatchSettings();
  const save = useSaveWatchSettings();
  const choose = async (digest: WatchDigest) => {
    try {
      await save.mutateAsync({ digest });
      void message.success(t('notifications.digest.saved'));
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };
  return (
    <Flex vertical gap={4} data-testid="digest-setting">
      <Typography.Text strong id="digest-label">
        {t('notifications.digest.label')}
      </Typography.Text>
      {settings.isLoading ? (
        <Skeleton.Input active size="small" />
      ) : (
        <Radio.Group
          aria-labelledby="digest-label"
          value={save.isPending ? save.variables.digest : settings.data?.digest}
          disabled={save.isPending || settings.isError}
          onChange={(e) => void choose(e.target.value as WatchDigest)}
          options={WATCH_DIGESTS.map((d) => ({ value: d, label: t(`watches.digest.${d}`) }))}
        />
      )}
      <Typography.Text type="secondary">{t('notifications.digest.help')}</Typography.Text>
    </Flex>
  );
}
