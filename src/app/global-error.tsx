'use client';

/** Last resort when the root layout itself fails: no translations are available here. */
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="ru">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '4rem 1rem' }}>
        <p style={{ fontSize: '3rem', fontWeight: 800 }}>500</p>
        <h1>Ошибка / Error</h1>
        <p>Что-то пошло не так. / Something went wrong.</p>
        <button type="button" onClick={reset} style={{ padding: '0.75rem 1.5rem', marginTop: '1rem' }}>
          Повторить / Try again
        </button>
      </body>
    </html>
  );
}
