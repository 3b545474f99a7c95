import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { useBrand } from '../../lib/brand';
import { applyPageMeta, deepestPageHandle } from '../../lib/page-meta';

/** After each navigation, sets the document title and description from the deepest route handle. */
export function PageMeta() {
  const matches = useMatches();
  const location = useLocation();
  const { brandName } = useBrand();
  const handle = deepestPageHandle(matches);

  useEffect(() => {
    if (handle) applyPageMeta(document, handle, brandName);
  }, [handle, brandName, location.key]);

  return null;
}
