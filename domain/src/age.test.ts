import { ageGroup, ageOn, isBlockedByAge, isMinor, isPathAllowedWhenAgeRestricted } from './age';

describe('ageOn', () => {
  it.each([
    ['2000-06-15', '2024-06-15', 24],
    ['2000-06-16', '2024-06-15', 23],
    ['2000-07-01', '2024-06-15', 23],
    ['2000-05-31', '2024-06-15', 24],
    ['2000-06-14', '2024-06-15', 24],
    ['2006-06-15', '2024-06-15', 18],
    ['2006-06-16', '2024-06-15', 17],
    ['2004-02-29', '2024-02-28', 19],
    ['2004-02-29', '2024-02-29', 20],
    ['06/15/2011', '2024-06-15', 13],
    [null, '2024-06-15', null],
    ['not a date', '2024-06-15', null],
    ['2000-01-01', 'bad', null],
  ])('born %j, on %s -> %j', (birthday, today, age) => {
    expect(ageOn(birthday, today)).toBe(age);
  });
});

describe('age groups', () => {
  it.each([
    [0, 'blocked'],
    [12, 'blocked'],
    [13, 'minor'],
    [17, 'minor'],
    [18, 'adult'],
    [90, 'adult'],
  ] as const)('%i -> %s', (age, group) => {
    expect(ageGroup(age)).toBe(group);
  });
  it.each([
    ['2006-06-16', true, false],
    ['2006-06-15', false, false],
    ['2011-06-16', true, true],
    ['2011-06-15', true, false],
    [null, false, false],
  ])('born %j: minor %s, blocked %s', (birthday, minor, blocked) => {
    expect(isMinor(birthday, '2024-06-15')).toBe(minor);
    expect(isBlockedByAge(birthday, '2024-06-15')).toBe(blocked);
  });
});

describe('isPathAllowedWhenAgeRestricted', () => {
  it.each([
    ['/disabled', true],
    ['/disabled?x=1', true],
    ['/disabled/', true],
    ['/disabledx', false],
    ['/releases', false],
    ['/', false],
  ])('%s -> %s', (path, expected) => {
    expect(isPathAllowedWhenAgeRestricted(path)).toBe(expected);
  });
});
