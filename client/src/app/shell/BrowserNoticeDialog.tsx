import { Dialog } from '../../ui/Dialog';
import { Button } from '../../ui/Button';

/** The 'Browser Notice' dialog (core §2). */
export default function BrowserNoticeDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Browser Notice" onClose={onClose}>
      <p>Please use Google Chrome for the best experience of this website.</p>
      <Button onClick={onClose}>
        Confirm
      </Button>
    </Dialog>
  );
}
