/** Debian's Chromium as every journey starts it (playwright.config.ts); journeys that need more flags add to these. */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Calls: a fake camera and microphone (a moving test picture and a tone), and loopback candidates allowed. */
export const mediaArgs = ["--use-fake-device-for-media-stream", "--allow-loopback-in-peer-connection"];

/** Says yes to the camera, microphone and screen prompts. */
export const grantMediaArgs = ["--use-fake-ui-for-media-stream"];
