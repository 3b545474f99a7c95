import { bannerLayout } from '@cadence/domain/banners';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { InAppBanners } from '../in-app-messages/InAppMessages';
import { useInAppMessages } from '../in-app-messages/InAppMessagesProvider';

export interface BannersAreaProps {
  /** The email notification (verification / invalid email), owned by the accounts feature. */
  emailNotice?: ReactNode;
}

/**
 * Core §2, §4: the blue banner, the alert banner and the email notification above the navigation.
 * The layout class (domain `bannerLayout`) tells the page how much room the banners take.
 */
export function BannersArea({ emailNotice }: BannersAreaProps) {
  const { pathname } = useLocation();
  const { shown } = useInAppMessages();
  const blue = shown.some((m) => m.type === 'blue-banner');
  const alert = shown.some((m) => m.type === 'alert-banner');
  const layout = bannerLayout({ path: pathname, alert, blue, email: Boolean(emailNotice) });
  return (
    <div className="banners" data-layout={layout ?? 'one banner'}>
      <InAppBanners />
      {emailNotice}
    </div>
  );
}
