const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is a UUID (accounts, sessions, devices): anything else is simply no such record, never a database error. */
export const isUuid = (text: string): boolean => UUID.test(text);
