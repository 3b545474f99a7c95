const rules = new Intl.PluralRules('en-US');

/** "1 release", "2 releases", "0 tracks": the count with its noun in the right number. */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count} ${rules.select(count) === 'one' ? one : other}`;
}
