/** Hands a file made or fetched in the browser to the user, as a download with this name. */
export function saveFile(blob: Blob, fileName: string) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  // The download has started from the URL: it can go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
