// The notifications feature's public entry: the realtime sync refreshes the bell's list.
export { notificationsQuery } from "./api";
