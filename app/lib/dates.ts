/** Built once: an Intl formatter costs far more to create than to use. */
const jakartaDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' });

/** Today's date in Jakarta as YYYY-MM-DD (filter dates are Jakarta days). */
export function jakartaToday(now = new Date()) {
  return jakartaDay.format(now);
}
