import type { InAppMessage } from '@cadence/domain/in-app-messages';
import { Link } from 'react-router-dom';
import { Dialog } from '../../ui/Dialog';
import { SafeHtml } from '../../ui/alerts/SafeHtml';
import './in-app-messages.css';

interface DisplayProps {
  message: InAppMessage;
  onDismiss: (message: InAppMessage) => void;
}

/** The call-to-action: clicking it dismisses the message, then follows the link (a new tab if asked). */
function CtaButton({ message, onDismiss }: DisplayProps) {
  const cta = message.ctaBtn;
  if (!cta?.url || !cta.text) return null;
  const onClick = () => onDismiss(message);
  if (cta.isNewTab)
    return (
      <a className="button in-app__cta" href={cta.url} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        {cta.text}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  if (cta.url.startsWith('/') && !cta.url.startsWith('//'))
    return (
      <Link className="button in-app__cta" to={cta.url} onClick={onClick}>
        {cta.text}
      </Link>
    );
  return (
    <a className="button in-app__cta" href={cta.url} onClick={onClick}>
      {cta.text}
    </a>
  );
}

function CloseButton({ message, onDismiss, label }: DisplayProps & { label: string }) {
  if (message.disableCloseBtn) return null;
  return (
    <button type="button" className="in-app__close" aria-label={label} onClick={() => onDismiss(message)}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

/** popup-modal: an accessible dialog; Escape closes it unless its close button is disabled. */
export function PopupModal({ message, onDismiss }: DisplayProps) {
  return (
    <Dialog title={message.headline || 'Message'} className="in-app-popup" onClose={message.disableCloseBtn ? undefined : () => onDismiss(message)}>
      <CloseButton message={message} onDismiss={onDismiss} label="Close message" />
      <SafeHtml className="in-app__body" html={message.bodyText ?? ''} />
      <CtaButton message={message} onDismiss={onDismiss} />
    </Dialog>
  );
}

/** sticky-bar: fixed to the bottom of the window. */
export function StickyBar({ message, onDismiss }: DisplayProps) {
  return (
    <aside className="in-app-sticky" aria-label="Announcement">
      <SafeHtml className="in-app__body" html={message.bodyText ?? ''} />
      <CtaButton message={message} onDismiss={onDismiss} />
      <CloseButton message={message} onDismiss={onDismiss} label="Close announcement" />
    </aside>
  );
}

/** alert-banner and blue-banner: above the navigation, in the banners area. */
export function MessageBanner({ message, onDismiss }: DisplayProps) {
  const blue = message.type === 'blue-banner';
  return (
    <aside className={blue ? 'in-app-banner in-app-banner--blue' : 'in-app-banner in-app-banner--alert'} aria-label={blue ? 'News' : 'Important notice'}>
      <SafeHtml className="in-app__body" html={message.bodyText ?? ''} />
      <CtaButton message={message} onDismiss={onDismiss} />
      <CloseButton message={message} onDismiss={onDismiss} label="Close banner" />
    </aside>
  );
}

/** The popup and the sticky bar currently shown. */
export function InAppOverlayDisplays({ shown, onDismiss }: { shown: readonly InAppMessage[]; onDismiss: (m: InAppMessage) => void }) {
  const popup = shown.find((m) => m.type === 'popup-modal');
  const sticky = shown.find((m) => m.type === 'sticky-bar');
  return (
    <>
      {sticky && <StickyBar message={sticky} onDismiss={onDismiss} />}
      {popup && <PopupModal message={popup} onDismiss={onDismiss} />}
    </>
  );
}

/** The blue banner and the alert banner currently shown. */
export function InAppBannerDisplays({ shown, onDismiss }: { shown: readonly InAppMessage[]; onDismiss: (m: InAppMessage) => void }) {
  const blue = shown.find((m) => m.type === 'blue-banner');
  const alert = shown.find((m) => m.type === 'alert-banner');
  return (
    <>
      {blue && <MessageBanner message={blue} onDismiss={onDismiss} />}
      {alert && <MessageBanner message={alert} onDismiss={onDismiss} />}
    </>
  );
}
