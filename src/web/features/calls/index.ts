/** The calls feature as the app and the /call page use it. */

export { CALL_PATH } from "./CallBanner";
export { CallHistoryList } from "./CallHistoryList";
export { CallLobby } from "./CallLobby";
export { CallNotificationsPrompt, CallNotificationsSwitch } from "./CallNotificationsSettings";
export { CallOverlay } from "./CallOverlay";
export { CallStage } from "./CallStage";
export { useCallState } from "./call-state";
