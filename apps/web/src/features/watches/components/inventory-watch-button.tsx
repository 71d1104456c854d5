import { BellOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useCreateInventoryWatch, useDeleteWatch, useWatches } from '../api/watches';

/**
 * A whole inventory watched for products sold out at its source ("N products sold out at the source
 * today", one alert a day at most): on, or off again.
 */
export function InventoryWatchButton({ inventoryId }: { inventoryId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const watches = useWatches();
  const create = useCreateInventoryWatch();
  const remove = useDeleteWatch();
  const watch = watches.data?.watches.find((w) => w.inventory_id === inventoryId);
  const toggle = async () => {
    try {
      if (watch) {
        await remove.mutateAsync(watch.id);
        void message.success(t('notifications.inventoryWatch.off'));
      } else {
        await create.mutateAsync({ inventory_id: inventoryId });
        void message.success(t('notifications.inventoryWatch.on'));
      }
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };
  return (
    <Button
      icon={<BellOutlined aria-hidden />}
      aria-pressed={watch !== undefined}
      loading={watches.isLoading || create.isPending || remove.isPending}
      onClick={() => void toggle()}
    >
      {watch ? t('notifications.inventoryWatch.watching') : t('notifications.inventoryWatch.watch')}
    </Button>
  );
}
