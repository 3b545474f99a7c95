import { BLOCKED_PAGE_CONTACT_TEXT, BLOCKED_PAGE_TEXT } from '@cadence/domain/constants';
import { useBrand } from '../../lib/brand';
import type { PageHandle } from '../../lib/page-meta';

export const handle: PageHandle = {
  pageTitle: 'Account unavailable | {appName}',
  pageDescription: 'This {appName} account cannot be used at the moment.',
};

const CONTACT_LINK_WORDS = 'contact us';

/** Core §2: the page blocked users (and under-13 sign-ups) see; the spec's two sentences, the second linking to support. */
export default function DisabledPage() {
  const { supportEmail } = useBrand();
  const lead = BLOCKED_PAGE_CONTACT_TEXT.endsWith(CONTACT_LINK_WORDS) ? BLOCKED_PAGE_CONTACT_TEXT.slice(0, -CONTACT_LINK_WORDS.length) : `${BLOCKED_PAGE_CONTACT_TEXT} `;
  return (
    <section className="page page--narrow" aria-labelledby="disabled-title">
      <h1 id="disabled-title">Account unavailable</h1>
      <p>{BLOCKED_PAGE_TEXT}</p>
      <p>
        {lead}
        <a href={`mailto:${supportEmail}`}>{CONTACT_LINK_WORDS}</a>
      </p>
    </section>
  );
}
