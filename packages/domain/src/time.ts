/** The specification's default timezone: "today" for quotas and dates on screen are Istanbul's. */
export const APP_TIMEZONE = 'Europe/Istanbul';
