/** Swaps the letter case of every letter: another token, to anyone comparing bytes. */
export const swapCase = (text: string) =>
  [...text].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
