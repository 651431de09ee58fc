/** WebChannel chunk framing. */

/** A WebChannel chunk: its length in UTF-16 code units (what the client's `.length` counts), a newline, the text. */
export function frame(text: string): string {
  return `${text.length}\n${text}`;
}
