// Who won a result, said the same way wherever it is said: the results list and cards, the
// similar results, the tender page, the dashboard's recently viewed items, alert e-mails. A
// result may have several winners (lots, a joint award's suppliers): every one is named, in
// published order, or (where a line has no room) the first ones and how many more.

/** Winners shown by name in a short line before "+ N more". */
export const WINNERS_SHOWN = 2;

/** The names to say: every winner's, else the recorded winner's (rows written before the list), blanks left out. */
export function winnerList(names: readonly string[] | null | undefined, first?: string | null): string[] {
  const list = (names ?? []).map((n) => n.trim()).filter(Boolean);
  if (list.length) return list;
  return first?.trim() ? [first.trim()] : [];
}

/** Every name: 'A', 'A and B', 'A, B and C'; '' for none. */
export function allWinners(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** A list row's line: 'A', 'A and B', three or more 'A + 2 more'; '' for none. */
export function winnersInShort(names: readonly string[]): string {
  if (names.length <= WINNERS_SHOWN) return allWinners(names);
  return `${names[0]} + ${names.length - 1} more`;
}

/** 'Won by A, B and C' naming every winner (alerts, the dashboard); null when none is known. */
export function wonByAll(names: readonly string[]): string | null {
  return names.length ? `Won by ${allWinners(names)}` : null;
}
