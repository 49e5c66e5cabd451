// The security feature's public entry: the /security screen's sections and the 'this wasn't me' page's calls.
export { AccessLog } from "./AccessLog";
export { AdminsWithoutTwoStep, SecuritySummaryFlags } from "./AdminsWithoutTwoStep";
export { AlertsList } from "./AlertsList";
export { securityApi } from "./api";
export { Blocklist } from "./Blocklist";
export { readNotMeLink } from "./not-me-link";
export { OwnActivity } from "./OwnActivity";
export { ReviewAfterReset } from "./ReviewAfterReset";
export { SecuritySettingsForm } from "./SecuritySettingsForm";
export { methodRows, SignInMethodList } from "./SignInMethodList";
export { SignOutEverywhereElse } from "./SignOutEverywhereElse";
