import { message, notification } from 'antd';
import { useEffect } from 'react';
import type { Feedback } from './public-feedback';

/** antd's message and notification hooks, whose holders draw the toasts of the public pages. */
export function FeedbackHolders({ onReady }: { onReady: (feedback: Feedback) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(
    () => onReady({ message: messageApi, notification: notificationApi }),
    [onReady, messageApi, notificationApi],
  );
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
