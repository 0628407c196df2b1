/** Today's date in Jakarta as YYYY-MM-DD (filter dates are Jakarta days). */
export function jakartaToday(now = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(now);
}
