import { buildRejectionComment, parseRejectionComment, rejectionReasonLines, REJECTION_LIST_MARKER } from './rejection-comment';

const M = REJECTION_LIST_MARKER;

describe('parseRejectionComment', () => {
  it.each([
    [null, []],
    [undefined, []],
    ['   ', []],
    ['Cover art is blurry', [{ kind: 'release', reason: 'Cover art is blurry' }]],
    [`${M}`, []],
    [
      `${M}t1 :Explicit lyrics not flagged ;Title uses all caps ; t-2 :Audio clipped ; ;`,
      [
        { kind: 'track', trackId: 't1', reason: 'Explicit lyrics not flagged' },
        { kind: 'release', reason: 'Title uses all caps' },
        { kind: 'track', trackId: 't-2', reason: 'Audio clipped' },
      ],
    ],
    [`${M} :no id here`, [{ kind: 'release', reason: ':no id here' }]],
    [`${M}Note: see guide :page 2`, [{ kind: 'release', reason: 'Note: see guide :page 2' }]],
  ])('%j', (comment, expected) => {
    expect(parseRejectionComment(comment)).toEqual(expected);
  });

  it('uses a custom marker', () => {
    expect(parseRejectionComment('##a :b', '##')).toEqual([{ kind: 'track', trackId: 'a', reason: 'b' }]);
    expect(parseRejectionComment('##a :b')).toEqual([{ kind: 'release', reason: '##a :b' }]);
  });
});

describe('rejectionReasonLines', () => {
  const order = ['t9', 't1', 't-2'];
  it('numbers tracks by their position in the release', () => {
    expect(rejectionReasonLines(`${M}t1 :Explicit lyrics not flagged ;Title uses all caps ;t-2 :Audio clipped ;zz :Unknown`, order)).toEqual([
      'Track 2: Explicit lyrics not flagged',
      'Title uses all caps',
      'Track 3: Audio clipped',
      'Track zz: Unknown',
    ]);
  });
  it('shows a plain comment as one line and nothing for no comment', () => {
    expect(rejectionReasonLines('Bad cover', order)).toEqual(['Bad cover']);
    expect(rejectionReasonLines(null, order)).toEqual([]);
  });
  it('round-trips with buildRejectionComment', () => {
    const records = [
      { kind: 'track', trackId: '42', reason: 'Silence' },
      { kind: 'release', reason: 'Wrong genre' },
    ] as const;
    const comment = buildRejectionComment(records);
    expect(comment).toBe(`${M}42 :Silence ;Wrong genre`);
    expect(parseRejectionComment(comment)).toEqual(records);
    expect(buildRejectionComment(records, '#')).toBe('#42 :Silence ;Wrong genre');
    expect(rejectionReasonLines('#42 :Silence', ['42'], '#')).toEqual(['Track 1: Silence']);
  });
});
