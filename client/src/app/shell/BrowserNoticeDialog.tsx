import { Dialog } from '../../ui/Dialog';

/** The 'Browser Notice' dialog (core §2). */
export default function BrowserNoticeDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Browser Notice" onClose={onClose}>
      <p>Please use Google Chrome for the best experience of this website.</p>
      <button type="button" className="button" onClick={onClose}>
        Confirm
      </button>
    </Dialog>
  );
}
