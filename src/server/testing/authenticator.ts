import { generate } from "otplib";

/**
 * The authenticator app's code for the next 30-second step (within the server's clock tolerance). A code is accepted
 * once, so a test that already used the current one (at enrolment) signs in or confirms with this.
 */
export const nextAuthenticatorCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
