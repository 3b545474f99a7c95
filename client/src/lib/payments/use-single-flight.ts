import { useRef, useState } from 'react';

/**
 * One payment step at a time: `run` ignores a task while another runs (a double click or Enter
 * twice starts one payment), and `busy` says whether one is running.
 */
export function useSingleFlight(): { busy: boolean; run: (task: () => Promise<void>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  async function run(task: () => Promise<void>) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }
  return { busy, run };
}
