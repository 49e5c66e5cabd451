import { createAccountDeletion } from "./delete-account.js";
import type { AccountDeps } from "./deps.js";
import { createDevices } from "./devices.js";
import { createEmailChange } from "./email-change.js";
import { createMyData } from "./my-data.js";
import { createPreferences } from "./preferences.js";
import { createProfile } from "./profile.js";

/** The settings every signed-in user has (/settings): each part lives in its own file. */
export function createAccountService(deps: AccountDeps) {
  return {
    profile: createProfile(deps),
    emailChange: createEmailChange(deps),
    preferences: createPreferences(deps),
    devices: createDevices(deps),
    myData: createMyData(deps),
    deletion: createAccountDeletion(deps),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
