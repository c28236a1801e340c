'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

export interface LiveLeadsTexts {
  label: string;
  connected: string;
  /** `{kind}` is replaced. */
  newLead: string;
  notify: string;
  notifyOn: string;
  /** `{count}` is replaced. */
  showNew: string;
  kinds: Record<string, string>;
}

/** A short two-tone chime from the Web Audio API (no sound file to load). */
function chime() {
  const audio = new AudioContext();
  [880, 660].forEach((frequency, index) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.value = 0.08;
    tone.connect(gain).connect(audio.destination);
    tone.start(audio.currentTime + index * 0.15);
    tone.stop(audio.currentTime + index * 0.15 + 0.12);
  });
  setTimeout(() => void audio.close(), 600);
}

/**
 * New leads as they are stored (server-sent events from /api/desk/events): announced in a live
 * region, with a browser notification and a chime once the user turns them on. On the first page
 * of the list the list itself is rendered again; further down, a link leads to the new ones.
 */
export function LiveLeads({ texts, firstPageHref, onFirstPage }: { texts: LiveLeadsTexts; firstPageHref: string; onFirstPage: boolean }) {
  const router = useRouter();
  const [announcement, setAnnouncement] = useState('');
  const [missed, setMissed] = useState(0);
  const [notifying, setNotifying] = useState(false);
  const [open, setOpen] = useState(false);
  const notifyingRef = useRef(false);

  useEffect(() => {
    const source = new EventSource('/api/desk/events');
    source.addEventListener('open', () => setOpen(true));
    source.addEventListener('error', () => setOpen(source.readyState === EventSource.OPEN));
    source.addEventListener('lead', (event) => {
      let kind = '';
      try {
        kind = String((JSON.parse((event as MessageEvent<string>).data) as { kind?: string }).kind ?? '');
      } catch {
        return;
      }
      const text = texts.newLead.replace('{kind}', texts.kinds[kind] ?? kind);
      setAnnouncement(text);
      if (notifyingRef.current) {
        chime();
        if (Notification.permission === 'granted') new Notification(text, { tag: 'desk-lead' });
      }
      if (onFirstPage) router.refresh();
      else setMissed((count) => count + 1);
    });
    return () => source.close();
  }, [texts, onFirstPage, router]);

  async function turnOnNotifications() {
    if ('Notification' in window && Notification.permission === 'default') await Notification.requestPermission();
    notifyingRef.current = true;
    setNotifying(true);
    chime();
  }

  return (
    <section aria-label={texts.label} data-live={open ? 'open' : 'connecting'} className="mb-4 flex flex-wrap items-center gap-3 text-sm">
      <p className="text-muted">{texts.connected}</p>
      <button type="button" className="btn-secondary min-h-9 px-3 text-sm" onClick={() => void turnOnNotifications()} aria-pressed={notifying} disabled={notifying}>
        {notifying ? texts.notifyOn : texts.notify}
      </button>
      {missed > 0 ? (
        <a href={firstPageHref} className="font-semibold text-brand-700 underline">
          {texts.showNew.replace('{count}', String(missed))}
        </a>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only" data-live-announcement="">
        {announcement}
      </p>
    </section>
  );
}
