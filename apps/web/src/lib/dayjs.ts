import dayjs from 'dayjs';
import i18next from 'i18next';
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

// Dates follow the interface language. This module loads with the first page that shows a date, not
// with the sign-in route, so it takes the language from here on itself.
function applyLocale(lng: string | undefined) {
  dayjs.locale(lng === 'tr' ? 'tr' : 'en');
}
applyLocale(i18next.language);
i18next.on('languageChanged', applyLocale);

export default dayjs;
