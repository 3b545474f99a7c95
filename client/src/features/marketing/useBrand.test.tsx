import { renderHook } from '@testing-library/react';
import { DEFAULT_BRAND, useBrand } from '../../lib/useBrand';

afterEach(() => {
  delete window.__CADENCE__;
});

describe('useBrand', () => {
  it('falls back to the default brand', () => {
    expect(renderHook(() => useBrand()).result.current).toEqual({
      brandName: 'Cadence',
      companyName: 'Cadence Music Ltd.',
      supportEmail: 'support@cadence.test',
    });
  });

  it('reads what the server wrote into window.__CADENCE__', () => {
    window.__CADENCE__ = { brandName: 'Tempo', companyName: 'Tempo SAS', supportEmail: 'aide@tempo.test' };
    expect(renderHook(() => useBrand()).result.current).toEqual({
      brandName: 'Tempo',
      companyName: 'Tempo SAS',
      supportEmail: 'aide@tempo.test',
    });
  });

  it('keeps the default for any field that is missing, blank or not a string', () => {
    window.__CADENCE__ = { brandName: '  ', supportEmail: 42 as unknown as string, companyName: 'Tempo SAS' };
    expect(renderHook(() => useBrand()).result.current).toEqual({ ...DEFAULT_BRAND, companyName: 'Tempo SAS' });
  });
});
