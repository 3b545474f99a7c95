import { describe, expect, it } from '@jest/globals';
import { FILTERED, isSecretKey, scrubSecrets, scrubText } from './error-reports';

describe('error report scrubbing', () => {
  it.each(['password', 'newPassword', 'cookie', 'Cookie', 'authorization', 'x-api-key', 'cardNumber', 'cvc', 'refresh_token', 'cadence_session'])('treats %s as secret', (key) => {
    expect(isSecretKey(key)).toBe(true);
  });
  it.each(['email', 'message', 'id', 'url', 'username', 'spans', 'passive'])('keeps %s', (key) => {
    expect(isSecretKey(key)).toBe(false);
  });

  it('removes bearer tokens, cookie pairs and card numbers from text', () => {
    expect(scrubText('Authorization: Bearer abc.def-123')).toBe(`Authorization: Bearer ${FILTERED}`);
    expect(scrubText('cadence_session=s3cr3t; theme=dark')).toBe(`cadence_session=${FILTERED}; theme=dark`);
    expect(scrubText('card 4111 1111 1111 1111 declined')).toBe(`card ${FILTERED}declined`);
    expect(scrubText('nothing here')).toBe('nothing here');
  });

  it('replaces secret values at any depth and keeps the rest', () => {
    const event = {
      user: { id: 'u1', email: 'a@b.test', username: 'Ann Lee' },
      request: { headers: { cookie: 'cadence_session=x', 'user-agent': 'UA' }, data: { password: 'pw', items: [{ cvc: '123' }, 'token=zz'] } },
      level: 3,
      extra: null,
    };
    expect(scrubSecrets(event)).toEqual({
      user: { id: 'u1', email: 'a@b.test', username: 'Ann Lee' },
      request: { headers: { cookie: FILTERED, 'user-agent': 'UA' }, data: { password: FILTERED, items: [{ cvc: FILTERED }, `token=${FILTERED}`] } },
      level: 3,
      extra: null,
    });
  });

  it('stops at a depth limit instead of walking a cycle forever', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(() => scrubSecrets(a)).not.toThrow();
  });
});
