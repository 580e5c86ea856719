/**
 * Text for the PDF's standard fonts (Helvetica), which draw Windows-1252 only: Intl's narrow spaces
 * become no-break spaces, and any other character they cannot draw (an emoji in a name) a question
 * mark rather than garbage. The dossier and the QR labels write through it.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function pdfText(text: string): string {
  return text
    .replace(/[\u202f\u2009\u2007]/g, '\u00a0')
    .replace(/[^\n\u0020-\u007e\u00a0-\u00ff]/gu, (c) => (WIN_ANSI_EXTRA.has(c) ? c : '?'));
}

/**
 * At most `max` characters, the last one « … » when cut: what the form allows, before any layout.
 * pdfkit shortens a word too wide for its line one character at a time, each time measuring it
 * again (quadratic: a 30,000-character name held the server 11 s), so no text reaches it longer.
 */
export function fitText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
