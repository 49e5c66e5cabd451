/**
 * 'Save data' (docs/product.md#the-site-app): photos made smaller on the phone before they are kept to send, videos
 * held until Wi-Fi. On by default where the browser says the person asked to save data or the line is slow (2G,
 * 3G); the switch on /site remembers the person's choice on this device (it holds nothing private).
 */
const CHOICE_KEY = "crestbuild-save-data";

type Connection = { saveData?: boolean; effectiveType?: string; type?: string };
const connection = (): Connection | undefined => (navigator as Navigator & { connection?: Connection }).connection;

/** What the browser suggests: the person's Data Saver, or a 2G or 3G line. */
function suggested(): boolean {
  const line = connection();
  return line?.saveData === true || ["slow-2g", "2g", "3g"].includes(line?.effectiveType ?? "");
}

export function saveDataChosen(): boolean {
  const choice = localStorage.getItem(CHOICE_KEY);
  return choice === null ? suggested() : choice === "on";
}

export function chooseSaveData(on: boolean): void {
  localStorage.setItem(CHOICE_KEY, on ? "on" : "off");
}

/** Videos wait unless the line is Wi-Fi (or wired); a browser that does not say what the line is gets them held. */
export function holdsVideos(saveData: boolean): boolean {
  const type = connection()?.type;
  return saveData && type !== "wifi" && type !== "ethernet";
}
