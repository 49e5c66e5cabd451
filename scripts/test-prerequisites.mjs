// The system programs the browser journeys start: Debian's Chromium, and coturn for the relayed calls journey.
// `npm test` runs this first: it installs what is missing when it can (root with apt-get), or stops before any
// test with the exact command to run.
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const installCommand = "sudo apt-get update && sudo apt-get install -y chromium coturn";

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const onPath = (program) => spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;

function missingPrograms() {
  const missing = [];
  if (!executable(chromium)) missing.push(`Chromium (${chromium})`);
  if (!onPath("turnserver")) missing.push("coturn (turnserver)");
  return missing;
}

const missing = missingPrograms();
if (missing.length > 0) {
  const canInstall = process.getuid?.() === 0 && onPath("apt-get");
  if (canInstall) {
    console.log(`Installing what the browser journeys need: ${missing.join(", ")}`);
    try {
      execFileSync("sh", ["-c", `apt-get update -qq && apt-get install -y -qq chromium coturn`], { stdio: "inherit" });
    } catch {
      // Reported below with the command to run by hand.
    }
  }
  const stillMissing = missingPrograms();
  if (stillMissing.length > 0) {
    console.error(`The browser journeys need ${stillMissing.join(" and ")}. Install them, then run npm test again:`);
    console.error(`  ${installCommand}`);
    process.exit(1);
  }
}
