/**
 * The characters the PDF's standard Helvetica writes (Windows-1252): printable ASCII, Latin-1 and the few extras
 * below. Anything else (a Yoruba name's dotted vowels, an emoji) would come out garbled: a letter with a mark outside
 * the set loses the mark ('Ọ' is written 'O'), any other character becomes '?'.
 */
const WINDOWS_1252_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

function writable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || char === "\n" || WINDOWS_1252_EXTRAS.has(char);
}

/** Text as the PDF's standard font can write it. */
export function pdfText(text: string): string {
  let written = "";
  for (const char of text.normalize("NFC").replace(/\r\n?/g, "\n").replace(/\t/g, " ")) {
    // A mark left apart from its letter (no composed form exists in the set): the letter stands without it.
    if (/\p{M}/u.test(char)) continue;
    if (writable(char)) {
      written += char;
      continue;
    }
    const bare = char.normalize("NFD").replace(/\p{M}/gu, "");
    written += bare !== "" && [...bare].every(writable) ? bare : "?";
  }
  return written;
}
