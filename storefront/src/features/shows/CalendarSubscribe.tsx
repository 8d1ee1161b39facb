import { useId, useState } from 'react';
import { calendarFeedUrl, calendarSubscribeUrl } from './showsApi.js';

/**
 * "Subscribe to calendar": the `webcal://` link calendar apps open as a feed, and the feed's
 * `https://` address with a Copy button, for a calendar that asks for an address (Google
 * Calendar's "From URL") or a device where no app takes `webcal://` links.
 */
export function CalendarSubscribe() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<string>();
  const address = calendarFeedUrl();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied('Copied');
    } catch {
      setCopied('Copy failed: select the address and copy it');
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button--outline"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        Subscribe to calendar
      </button>
      <div id={`${id}-panel`} className="calendar-subscribe" hidden={!open}>
        <a className="button" href={calendarSubscribeUrl()}>
          Open in my calendar app
        </a>
        <div className="field calendar-subscribe__address">
          <label htmlFor={`${id}-address`}>Or add this address to your calendar</label>
          <div className="calendar-subscribe__row">
            <input
              id={`${id}-address`}
              type="text"
              readOnly
              value={address}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="button button--outline" onClick={copy}>
              Copy
            </button>
          </div>
          <p className="calendar-subscribe__status" role="status">
            {copied}
          </p>
        </div>
      </div>
    </>
  );
}
