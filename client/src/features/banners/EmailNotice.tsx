import { emailNotices, INVALID_EMAIL_MESSAGE, shouldAutoDismissInvalidNotice, verifyEmailMessage, type EmailNotices } from '@cadence/domain/email-notice';
import { COOKIES, STORAGE_KEYS } from '@cadence/domain/constants';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { getBootConfig } from '../../lib/boot-config';

/** What the notices read of the person. */
export interface EmailNoticeViewer {
  emailVerified: boolean;
  notValidEmail: boolean;
}

function hasCookie(name: string): boolean {
  return typeof document !== 'undefined' && document.cookie.split(';').some((c) => c.trim().startsWith(`${name}=`));
}

function readSeen(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(STORAGE_KEYS.invalidEmailNotificationSeen) !== null;
  } catch {
    return false;
  }
}

function storeSeen(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.invalidEmailNotificationSeen, 'true');
  } catch {
    // Storage refused (private mode): the notice simply shows again next time.
  }
}

/**
 * Core §4: which email notice shows for the signed-in person (domain `emailNotices`), with the
 * seen marker set automatically when the address was just fixed (?code=success&email=...).
 */
export function useEmailNotices(viewer: EmailNoticeViewer | null): { notices: EmailNotices; close: () => void } {
  const { search } = useLocation();
  const [closed, setClosed] = useState(false);
  const [invalidSeen, setInvalidSeen] = useState(readSeen);
  useEffect(() => {
    if (shouldAutoDismissInvalidNotice(Object.fromEntries(new URLSearchParams(search)))) {
      storeSeen();
      setInvalidSeen(true);
    }
  }, [search]);
  const notices = viewer
    ? emailNotices({ emailVerified: viewer.emailVerified, notValidEmail: viewer.notValidEmail, invalidSeen, skipCookie: hasCookie(COOKIES.skipEmailVerificationBanner), closed })
    : { verification: false, invalid: false };
  return { notices, close: () => setClosed(true) };
}

/** The verification or invalid-email notice above the navigation; closing hides both for this visit. */
export function EmailNotice({ notices, onClose }: { notices: EmailNotices; onClose: () => void }) {
  if (!notices.verification && !notices.invalid) return null;
  return (
    <div className={`email-notice${notices.invalid ? ' email-notice--invalid' : ''}`} role="status">
      <p>
        {notices.invalid ? (
          <>
            {INVALID_EMAIL_MESSAGE} <Link to="/settings">Open Profile + Preferences</Link>
          </>
        ) : (
          verifyEmailMessage(getBootConfig().brandName)
        )}
      </p>
      <button type="button" className="email-notice__close" aria-label="Close the email notice" onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
