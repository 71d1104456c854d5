import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { APP_TIMEZONE } from '@crossmarket/domain';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);
dayjs.tz.setDefault(APP_TIMEZONE);

export function applyDayjsLocale(lng: string) {
  dayjs.locale(lng === 'tr' ? 'tr' : 'en');
}

export default dayjs;
