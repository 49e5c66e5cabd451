const dateFormat = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "long", year: "numeric", timeZone: "Africa/Lagos" });
const monthFormat = new Intl.DateTimeFormat("en-NG", { month: "long", year: "numeric", timeZone: "Africa/Lagos" });

/** "14 March 2026", in Nigerian time whatever the server's or browser's zone. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** "March 2026". */
export const formatMonth = (iso: string) => monthFormat.format(new Date(iso));

const dateTimeFormat = new Intl.DateTimeFormat("en-NG", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Africa/Lagos",
});

/** "14 March 2026 at 09:05", in Nigerian time. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
