import { bannerLayout } from '@cadence/domain/banners';
import { useLocation } from 'react-router-dom';
import { InAppBanners } from '../../features/in-app-messages/InAppMessages';
import { useInAppMessages } from '../../features/in-app-messages/InAppMessagesProvider';
import { EmailNotice, useEmailNotices, type EmailNoticeViewer } from '../../features/banners/EmailNotice';

export interface BannersAreaProps {
  /** The signed-in person (null for visitors), for the email notification. */
  viewer?: EmailNoticeViewer | null;
}

/**
 * Core §2, §4: the blue banner, the alert banner and the email notification above the navigation.
 * The layout class (domain `bannerLayout`) tells the page how much room the banners take.
 */
export function BannersArea({ viewer = null }: BannersAreaProps) {
  const { pathname } = useLocation();
  const { shown } = useInAppMessages();
  const blue = shown.some((m) => m.type === 'blue-banner');
  const alert = shown.some((m) => m.type === 'alert-banner');
  const { notices, close } = useEmailNotices(viewer);
  const layout = bannerLayout({ path: pathname, alert, blue, email: notices.verification || notices.invalid });
  return (
    <div className="banners" data-layout={layout ?? 'one banner'}>
      <InAppBanners />
      <EmailNotice notices={notices} onClose={close} />
    </div>
  );
}
