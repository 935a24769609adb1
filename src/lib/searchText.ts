// The search box text is sent twice: `q`, cleaned for the search engine (the spec strips
// '&' and ' and ', which would otherwise be read as operators or noise), and `oq`, exactly
// as typed, so the box can show it again and saved searches keep the user's words.

/** '&' and the word ' and ' become a space; runs of spaces collapse; ends are trimmed. */
export function cleanSearchText(text: string | null | undefined): string {
  if (!text) return "";
  return text
    .replace(/&/g, " ")
    .replace(/\s+and\s+/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The query parameters for a search text: {q, oq}; empty text gives no parameters. */
export function searchTextParams(text: string | null | undefined): { q?: string; oq?: string } {
  const q = cleanSearchText(text);
  if (!q) return {};
  return { q, oq: text ?? "" };
}
