import type { AppDb } from "../../db/client.js";
import type { Mailer } from "../../platform/mail.js";
import type { FileStorage } from "../../platform/storage.js";
import type { MfaService } from "../auth/index.js";

/** What the account settings need from the rest of the server, handed over by buildApp. */
export type AccountDeps = {
  db: AppDb;
  /** Queries that can be long (the data export), with their own limit (Database.longDb). */
  longDb: AppDb;
  mailer: Mailer;
  storage: FileStorage;
  mfa: Pick<MfaService, "checkSecondFactor">;
  publicOrigin: string;
};
