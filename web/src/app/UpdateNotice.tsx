// The service worker's news: the lab is ready to work offline, or a new deployment has been
// downloaded and waits for a reload (the running page keeps its version until then).

import { useEffect } from "react";
import { useRegisterSW } from "virtual:pwa-register/react";
import { messages } from "../messages";

export function UpdateNotice() {
  const {
    needRefresh: [needRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW();
  // Good news that asks nothing of the reader goes away by itself.
  useEffect(() => {
    if (!offlineReady) return;
    const timer = setTimeout(() => setOfflineReady(false), 8_000);
    return () => clearTimeout(timer);
  }, [offlineReady, setOfflineReady]);
  if (needRefresh) {
    return (
      <div className="notice update" role="status" data-testid="update-notice">
        <p>{messages.newVersion}</p>
        <button type="button" onClick={() => void updateServiceWorker(true)}>
          {messages.reload}
        </button>
      </div>
    );
  }
  if (offlineReady) {
    return (
      <div className="notice update" role="status" data-testid="offline-ready">
        <p>{messages.offlineReady}</p>
        <button type="button" onClick={() => setOfflineReady(false)}>
          Dismiss
        </button>
      </div>
    );
  }
  return null;
}
