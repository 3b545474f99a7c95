import { describe, expect, it } from '@jest/globals';
import { canonicalQuery, EMPTY_SHA256, signV4, toAmzDate, uriEncode } from './sigv4.ts';

// AWS's published Signature Version 4 test suite credentials and clock.
const SUITE = {
  region: 'us-east-1',
  service: 'service',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  date: new Date('2015-08-30T12:36:00Z'),
};

describe('signV4', () => {
  it('matches the "get-vanilla" vector: canonical request, string to sign, signature', () => {
    const signed = signV4({ ...SUITE, method: 'GET', url: new URL('https://example.amazonaws.com/'), headers: {}, payloadHash: EMPTY_SHA256 });
    expect(signed.canonicalRequest).toBe(
      ['GET', '/', '', 'host:example.amazonaws.com', 'x-amz-date:20150830T123600Z', '', 'host;x-amz-date', EMPTY_SHA256].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\nbb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('matches the "get-vanilla-query-order-key-case" vector (query sorted before signing)', () => {
    const signed = signV4({ ...SUITE, method: 'GET', url: new URL('https://example.amazonaws.com/?Param2=value2&Param1=value1'), headers: {}, payloadHash: EMPTY_SHA256 });
    expect(signed.signature).toBe('b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500');
  });

  it("matches S3's documented GET Object example (range header, x-amz-content-sha256)", () => {
    const signed = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA256,
      region: 'us-east-1',
      service: 's3',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(signed.stringToSign.split('\n')[3]).toBe('7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972');
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });
});

describe('encoding helpers', () => {
  it('percent-encodes all but unreserved characters, uppercase hex, UTF-8', () => {
    expect(uriEncode("a b/c~d_e-f.g!*'()é")).toBe('a%20b%2Fc~d_e-f.g%21%2A%27%28%29%C3%A9');
    expect(uriEncode('a/b', true)).toBe('a/b');
  });
  it('sorts query pairs and gives bare names an empty value', () => {
    expect(canonicalQuery('?uploadId=x%2By&partNumber=2')).toBe('partNumber=2&uploadId=x%2By');
    expect(canonicalQuery('uploads')).toBe('uploads=');
  });
  it('formats x-amz-date', () => {
    expect(toAmzDate(new Date('2015-08-30T12:36:00.123Z'))).toBe('20150830T123600Z');
  });
});
