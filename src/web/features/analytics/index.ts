// The analytics feature's public entry: the admins' /analytics screen.
export { AnalyticsScreen } from "./AnalyticsScreen";
